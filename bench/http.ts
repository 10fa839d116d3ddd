import { fork } from 'node:child_process';
import path from 'node:path';
import { type LoadResult, measure } from './load.ts';
import { writeResult } from './result.ts';

// The HTTP benchmarks, each a ratio against a baseline served side by side by bench/serve.ts:
//   list-api  public product list API vs a bare Fastify route returning the same JSON
//   ssr       SSR product page vs the same React Router tree rendered with in-memory loader data,
//             and the product page's latency at 50 connections
const port = Number(process.env.BENCH_PORT ?? 5070);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const dataDir = path.resolve(import.meta.dirname, '../.tmp/bench-data');
const base = `http://127.0.0.1:${port}`;

type Ready = {
  listUrl: string;
  listBytes: number;
  productPath: string;
  pageBytes: number;
  bareListUrl: string;
  bareSsrUrl: string;
  uncachedBase?: string;
};

const child = fork(path.join(import.meta.dirname, 'serve.ts'), {
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    // as `npm start` runs it: React's production build (the development one renders several times slower)
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_HOSTS: `127.0.0.1:${port},localhost:${port}`,
    PUBLIC_URL: base,
  },
});
const ready = await new Promise<Ready>((resolve, reject) => {
  child.once('message', (m) => resolve(m as Ready));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

const fmt = (r: LoadResult) => ({ rps: Math.round(r.rps), p50: +r.p50.toFixed(2), p99: +r.p99.toFixed(2), errors: r.errors });

/** Alternates app and baseline twice (after a warm-up of each) so drift hits both sides alike. */
async function sideBySide(appUrl: string, bareUrl: string, conns = connections) {
  await measure(appUrl, { connections: conns, seconds: 2 });
  await measure(bareUrl, { connections: conns, seconds: 2 });
  const a1 = await measure(appUrl, { connections: conns, seconds });
  const b1 = await measure(bareUrl, { connections: conns, seconds });
  const a2 = await measure(appUrl, { connections: conns, seconds });
  const b2 = await measure(bareUrl, { connections: conns, seconds });
  const mean = (x: LoadResult, y: LoadResult): LoadResult => ({
    ...y,
    rps: (x.rps + y.rps) / 2,
    requests: x.requests + y.requests,
    errors: x.errors + y.errors,
  });
  const app = mean(a1, a2);
  const bare = mean(b1, b2);
  return { tool: app.tool, app: fmt(app), bare: fmt(bare), ratio: +(app.rps / bare.rps).toFixed(3) };
}

try {
  const warm = await sideBySide(`${base}${ready.listUrl}`, ready.bareListUrl);
  // Uncached: a second app on the same database with the public cache switched off (every call
  // runs its queries); before the cache existed the two figures measure the same thing.
  const uncached = await sideBySide(`${ready.uncachedBase ?? base}${ready.listUrl}`, ready.bareListUrl);
  writeResult('list-api', {
    benchmark: 'public product list API vs bare Fastify route returning the same JSON',
    url: ready.listUrl,
    responseBytes: ready.listBytes,
    connections,
    seconds,
    warm,
    uncached,
    ratio: warm.ratio,
    uncachedRatio: uncached.ratio,
    goal: 'ratio >= 0.5 warm, >= 0.15 uncached',
  });

  const ssr = await sideBySide(`${base}${ready.productPath}`, ready.bareSsrUrl);
  await measure(`${base}${ready.productPath}`, { connections: 50, seconds: 2 });
  const at50 = await measure(`${base}${ready.productPath}`, { connections: 50, seconds });
  writeResult('ssr', {
    benchmark: 'SSR product page vs the same route tree rendered from in-memory loader data',
    url: ready.productPath,
    pageBytes: ready.pageBytes,
    connections,
    seconds,
    ...ssr,
    ratio: ssr.ratio,
    at50Connections: fmt(at50),
    p99At50: +at50.p99.toFixed(2),
    goal: 'ratio >= 0.4; p99 < 100 ms at 50 connections',
  });
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
