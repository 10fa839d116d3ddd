import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeResult } from './result.ts';

// Leads CSV export (DESIGN: 100 k leads streamed in < 3 s with flat memory).
// The real app runs in a child process (bench/csv-serve.ts) on its own database with one business
// holding 100,000 product leads. We download `downloadLeads` (all product leads) through HTTP and
// sample the server's RSS every 25 ms while it streams. Baseline, same run: one plain `pg` SELECT
// of the same rows and columns (no formatting, no HTTP), the least any export must spend.
// ratio = baseline time / export time. Server: BENCH_DATABASE_URL (a PostgreSQL server URL; a
// scratch database is created and dropped) or, unset, an embedded PostgreSQL in a temp DATA_DIR.
const leads = Number(process.env.LEADS ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 5390);
const serverUrl = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'stash-csv-bench-'));
let dbUrl: string | undefined;
if (serverUrl) {
  const name = `csv_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  dbUrl = u.toString();
}

const child = fork(path.join(import.meta.dirname, 'csv-serve.ts'), [], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LEADS: String(leads), ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
type Ready = { ready: true; token: string; url: string };
const ready = await new Promise<Ready>((resolve, reject) => {
  child.on('message', (m: Ready) => m.ready && resolve(m));
  child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
});
const rss = (settled = false) =>
  new Promise<number>((resolve) => {
    const on = (m: { rss?: number }) => {
      if (m.rss) {
        child.off('message', on);
        resolve(m.rss);
      }
    };
    child.on('message', on);
    child.send(settled ? 'rss-gc' : 'rss');
  });

function download(): Promise<{ ms: number; bytes: number; lines: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(ready.url, { headers: { authorization: ready.token } }, (res) => {
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => resolve({ ms: performance.now() - started, bytes, lines, status: res.statusCode ?? 0 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function sampled<T>(fn: () => Promise<T>) {
  let peak = 0;
  let stop = false;
  const sampler = (async () => {
    while (!stop) {
      peak = Math.max(peak, await rss());
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const result = await fn();
  stop = true;
  await sampler;
  return { result, peak };
}

const mb = (n: number) => +(n / 1024 / 1024).toFixed(1);
await download(); // warm-up: JIT, connection pool, PostgreSQL cache
const before = await rss(true);
const runs: { ms: number; peakGrowthMB: number }[] = [];
let last = { bytes: 0, lines: 0, status: 0 };
for (let i = 0; i < 3; i++) {
  const { result, peak } = await sampled(download);
  if (result.status !== 200) throw new Error(`export answered ${result.status}`);
  last = result;
  runs.push({ ms: Math.round(result.ms), peakGrowthMB: mb(peak - before) });
}
const after = await rss(true);

// Baseline: the same rows and columns in one plain query from this process.
const baselineUrl = dbUrl ?? null;
let baselineMs: number | null = null;
if (baselineUrl) {
  const client = new pg.Client({ connectionString: baselineUrl });
  await client.connect();
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await client.query(
      `select name, phone_no, email, query, created_at, product_name, fk_product_id from leads where kind = 'product' order by created_at desc, id desc`,
    );
    times.push(performance.now() - t);
  }
  await client.end();
  baselineMs = Math.round(Math.min(...times));
}

child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
if (serverUrl && dbUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(dbUrl).pathname.slice(1)} with (force)`);
  await admin.end();
}
rmSync(dataDir, { recursive: true, force: true });

const best = Math.min(...runs.map((r) => r.ms));
writeResult('csv', {
  leads,
  rows: last.lines - 1,
  megabytes: mb(last.bytes),
  exportMs: best,
  runs,
  serverRssBeforeMB: mb(before),
  serverRssPeakGrowthMB: Math.max(...runs.map((r) => r.peakGrowthMB)),
  serverRssAfterMB: mb(after),
  baselineSelectMs: baselineMs,
  ratio: baselineMs ? +(baselineMs / best).toFixed(2) : null,
  goals: { exportMs: '< 3000', serverRssPeakGrowthMB: '< 50' },
});
