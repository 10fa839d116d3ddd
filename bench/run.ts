import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from './load.ts';

// `npm run bench`: DESIGN.md's public product-list API vs a bare Fastify route returning the same
// JSON, measured side by side in one run; the figure is the ratio (goal ≥ 0.5).
const port = 5070;
const dataDir = path.resolve(import.meta.dirname, '../.tmp/bench-data');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const child = fork(path.join(import.meta.dirname, 'serve.ts'), {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
});
const ready = await new Promise<{ listUrl: string; bytes: number }>((resolve, reject) => {
  child.on('message', (m) => resolve(m as { listUrl: string; bytes: number }));
  child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

// warm up both, then alternate measurements so drift hits both sides alike
await load(`http://127.0.0.1:${port}${ready.listUrl}`, { connections, seconds: 2 });
await load(`http://127.0.0.1:${port + 1}/bare`, { connections, seconds: 2 });
const app1 = await load(`http://127.0.0.1:${port}${ready.listUrl}`, { connections, seconds });
const bare1 = await load(`http://127.0.0.1:${port + 1}/bare`, { connections, seconds });
const app2 = await load(`http://127.0.0.1:${port}${ready.listUrl}`, { connections, seconds });
const bare2 = await load(`http://127.0.0.1:${port + 1}/bare`, { connections, seconds });
child.kill('SIGTERM');

const appRps = (app1.rps + app2.rps) / 2;
const bareRps = (bare1.rps + bare2.rps) / 2;
const result = {
  benchmark: 'public product list API vs bare Fastify route (same JSON)',
  responseBytes: ready.bytes,
  connections,
  seconds,
  app: { rps: Math.round(appRps), p50: app2.p50.toFixed(2), p99: app2.p99.toFixed(2), errors: app1.errors + app2.errors },
  bare: { rps: Math.round(bareRps), p50: bare2.p50.toFixed(2), p99: bare2.p99.toFixed(2), errors: bare1.errors + bare2.errors },
  ratio: Number((appRps / bareRps).toFixed(3)),
  goal: '>= 0.5',
};
console.log(JSON.stringify(result, null, 2));
mkdirSync(path.resolve(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(path.resolve(import.meta.dirname, 'results/product-list.json'), JSON.stringify(result, null, 2));
