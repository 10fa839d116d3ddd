// postinstall: React Router 7.18.4 — the last 7.x; 8 needs Node 22 (docs/decisions/001) — starts
// its internal Vite servers with `envFile: false`, which Vite 8 deprecates in favour of
// `envDir: false` (the same meaning) with a warning on every build and `npm start`. Those servers
// take no plugins, so the config cannot reach them; this rewrites the option in the installed
// package instead. It is idempotent and fails loudly if the package changed, so an upgrade of
// @react-router/dev drops it rather than leaving it silently doing nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const web = path.join(import.meta.dirname, '../apps/web/package.json');
const dev = path.dirname(createRequire(web).resolve('@react-router/dev/package.json'));
const { version } = JSON.parse(readFileSync(path.join(dev, 'package.json'), 'utf8'));
if (version !== '7.18.4')
  throw new Error(`@react-router/dev is ${version}: check whether ${path.basename(import.meta.filename)} is still needed`);

for (const file of ['dist/vite.js', 'dist/cli/index.js', 'dist/vite/cloudflare.js']) {
  const full = path.join(dev, file);
  const before = readFileSync(full, 'utf8');
  const after = before.replaceAll('envFile: false,', 'envDir: false,');
  if (!after.includes('envDir: false,')) throw new Error(`${full}: no envFile/envDir option found`);
  if (after !== before) writeFileSync(full, after);
}
