import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './smtp-sink.ts';
import { testSecret } from './test-app.ts';

// Real app processes (`src/main.ts`) on a test app's database, for the tests that need more than one
// node or a kill -9 (multi-node.test.ts, jobs-crash.test.ts).
const serverDir = path.resolve(import.meta.dirname, '..');

export type AppNode = { base: string; child: ChildProcess; dataDir: string };

/** Resolves once `child` has exited, after sending it `signal` if it still runs. */
export function stopNode(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * Starts nodes on `databaseUrl`, each on a free port and healthy when `start` resolves; `env` adds
 * to or overrides the defaults (no demo seed, no resolver but a dead one, the test secret), and
 * `dataDir` shares another node's files (its local blob store). `stopAll` (in afterAll) kills
 * what still runs and drops the data directories.
 */
export function appNodes(databaseUrl: string) {
  const children = new Set<ChildProcess>();
  const dataDirs = new Set<string>();

  async function start({ env = {}, dataDir }: { env?: Record<string, string>; dataDir?: string } = {}): Promise<AppNode> {
    const port = await freePort();
    const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'stash-node-'));
    dataDirs.add(dir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        SECRET: testSecret,
        // custom-domain checks (the daily re-check job) never ask the machine's resolver
        DNS_SERVERS: '127.0.0.1:9',
        ...env,
      },
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const base = `http://127.0.0.1:${port}`;
    const until = Date.now() + 150_000;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`node exited with ${child.exitCode}:\n${out}`);
      try {
        if ((await fetch(`${base}/healthz`)).ok) return { base, child, dataDir: dir };
      } catch {}
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`node on ${port} did not become healthy:\n${out}`);
  }

  /** SIGTERM (a clean shutdown) by default, SIGKILL after 10 s; the data directories go too. */
  async function stopAll(signal: NodeJS.Signals = 'SIGTERM') {
    await Promise.all(
      [...children].map((c) => {
        const force = setTimeout(() => c.kill('SIGKILL'), 10_000).unref();
        return stopNode(c, signal).finally(() => clearTimeout(force));
      }),
    );
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  }

  return { start, stopAll };
}
