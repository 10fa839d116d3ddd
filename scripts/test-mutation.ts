// `npm run test:mutation [-- <stryker options>]`: Stryker over the security-critical files (stryker.config.mjs),
// not part of `npm test` or CI. Stryker runs the tests in a sandbox folder that only root may enter, where
// the test global set-up's embedded PostgreSQL (run as the postgres user) cannot live; so the run gets one
// here, under .tmp/mutation-pg, and passes it as TEST_DATABASE_URL. A TEST_DATABASE_URL you set is used as is.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';

const root = path.resolve(import.meta.dirname, '..');
let url = process.env.TEST_DATABASE_URL;
let stop = async () => {};
if (!url) {
  const handle = await startEmbeddedPostgres(path.join(root, '.tmp', 'mutation-pg'), { log: (m) => console.log(m) });
  url = handle.url;
  stop = handle.stop;
}
const stryker = path.join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
const child = spawn(process.execPath, [stryker, 'run', 'stryker.config.mjs', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
const code = await new Promise<number>((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
await stop();
process.exit(code);
