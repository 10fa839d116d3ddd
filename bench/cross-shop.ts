import { fork } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type LoadResult, measure } from './load.ts';
import { writeResult } from './result.ts';

// `BENCH_ONLY=cross-shop npm run bench`: the cross-shop reads (directory lists, search across shops,
// sitemaps, /showcases) over 1,000,000 products in 1,000 shops, the search bench's database
// (`npm run bench:search` seeds it). Per call: p50/p95 of sequential requests over HTTP, on the app
// with its public cache off (every call runs its queries: what a call costs right after any write)
// and on it (steady state). /showcases: requests/s at 4 connections. Goal: p95 <= 50 ms per
// directory call, /showcases >= 100 requests/s (issue 24). Not part of `npm test`.
//   BENCH_DATABASE_URL  server to use (default: the system PostgreSQL on 127.0.0.1:5432)
//   BENCH_DB_NAME       database to use (default stash_bench_cross); made from stash_bench_search
//                       (`createdb -T`) when missing; promoted items, prime shops and catalogue members
//                       are added to it once (never to stash_bench_search itself)
//   BENCH_ITERATIONS    timed requests per call (default 40)
//   BENCH_PORT          the app's port (default 5075; the uncached app the next one)
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DB_NAME ?? 'stash_bench_cross';
const template = 'stash_bench_search';
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
const port = Number(process.env.BENCH_PORT ?? 5075);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
if (dbName === template) throw new Error(`BENCH_DB_NAME must name a copy of ${template}, which this bench changes`);

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const exists = async (name: string) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
if (!(await exists(dbName))) {
  if (!(await exists(template))) throw new Error(`no ${template} database: run \`npm run bench:search\` first`);
  await admin.query(`create database ${dbName} template ${template}`);
}
const version = (await admin.query('show server_version')).rows[0].server_version as string;
await admin.end();
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;

// Once per database: what the search bench does not seed. 1 % of products promoted, 2 of each shop's
// 20 catalogues promoted, 3 products in every catalogue, every tenth shop a prime user.
const db = new pg.Client({ connectionString: dbUrl.href });
await db.connect();
const products = Number((await db.query('select count(*) as n from products')).rows[0].n);
if (products < 1_000_000) throw new Error(`${dbName} holds ${products} products, not 1,000,000: seed ${template} again`);
if ((await db.query('select 1 from products where is_promoted limit 1')).rowCount === 0) {
  const t0 = performance.now();
  console.error(`adding promoted items, prime shops and catalogue members to ${dbName} ...`);
  await db.query(`update products set is_promoted = true where split_part(item_no, '-', 3)::int % 100 = 7`);
  await db.query(`update catalogues set is_promoted = true where catalogue_name ~ ' (1|11)$'`);
  await db.query(`update businesses set is_prime_user = true where business_name ~ '0$'`);
  await db.query(`insert into catalogue_products (business_id, catalogue_id, product_id, position)
    select c.business_id, c.id, p.id, 0 from
      (select business_id, id, row_number() over (partition by business_id order by id) as k from catalogues) c
      cross join lateral (select id from products p
        where p.business_id = c.business_id order by created_at desc offset c.k * 3 limit 3) p
    on conflict do nothing`);
  for (const t of ['products', 'catalogues', 'businesses', 'catalogue_products']) await db.query(`vacuum analyze ${t}`);
  console.error(`added in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
const shop = (await db.query('select business_name from businesses where not is_blocked order by business_name limit 1')).rows[0]
  .business_name as string;
await db.end();

// The calls /showcases and its sections make (SPEC §9 page sizes), a deep page of each within the
// first 1,000 items, one far past them, search across shops and the crawler files.
const calls: { name: string; path: string; directory?: boolean }[] = [
  { name: 'products, page 1', path: '/api/public/products/fetchAllUsers?pageNo=1&perPage=12', directory: true },
  { name: 'products, page 80', path: '/api/public/products/fetchAllUsers?pageNo=80&perPage=12', directory: true },
  { name: 'products, page 5000', path: '/api/public/products/fetchAllUsers?pageNo=5000&perPage=12', directory: true },
  { name: 'promoted products, page 1', path: '/api/public/products/fetchAllUsers?pageNo=1&perPage=6&isPromoted=true', directory: true },
  { name: 'promoted products, page 150', path: '/api/public/products/fetchAllUsers?pageNo=150&perPage=6&isPromoted=true', directory: true },
  { name: 'catalogues, page 1', path: '/api/public/catalogues/fetchAllUsers?pageNo=1&perPage=12', directory: true },
  { name: 'catalogues, page 80', path: '/api/public/catalogues/fetchAllUsers?pageNo=80&perPage=12', directory: true },
  { name: 'promoted catalogues, page 1', path: '/api/public/catalogues/fetchAllUsers?pageNo=1&perPage=6&isPromoted=true', directory: true },
  {
    name: 'promoted catalogues, page 150',
    path: '/api/public/catalogues/fetchAllUsers?pageNo=150&perPage=6&isPromoted=true',
    directory: true,
  },
  { name: 'profiles, page 1', path: '/api/public/user/fetchAll?pageNo=1&perPage=12', directory: true },
  { name: 'profiles, page 80', path: '/api/public/user/fetchAll?pageNo=80&perPage=12', directory: true },
  { name: 'prime profiles, page 1', path: '/api/public/user/fetchAll?pageNo=1&perPage=12&isPrimeUser=true', directory: true },
  { name: 'prime profiles, page 7', path: '/api/public/user/fetchAll?pageNo=7&perPage=12&isPrimeUser=true', directory: true },
  { name: 'directory product search (sofa)', path: '/api/public/products/fetchAllUsers?pageNo=1&perPage=12&searchQuery=sofa' },
  { name: 'search across shops (sofa)', path: '/api/public/user/search?searchQuery=sofa&pageNo=1&perPage=15' },
  { name: 'search across shops (teak chair)', path: '/api/public/user/search?searchQuery=teak%20chair&pageNo=1&perPage=15' },
  { name: 'search across shops (walnot mirrer)', path: '/api/public/user/search?searchQuery=walnot%20mirrer&pageNo=1&perPage=15' },
  { name: 'sitemap index', path: '/sitemap.xml' },
  { name: `one shop's sitemap`, path: `/${shop}/sitemap.xml` },
  { name: '/showcases', path: '/showcases' },
  // what any call costs on this machine at this moment: no database, no cache
  { name: 'floor: platform robots.txt', path: '/robots.txt' },
];

const child = fork(path.join(import.meta.dirname, 'cross-shop-serve.ts'), {
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    PORT: String(port),
    DATABASE_URL: dbUrl.href,
    APP_HOSTS: `127.0.0.1:${port},127.0.0.1:${port + 1}`,
    // each call from a visitor of its own (X-Forwarded-For below), as on a real site: no one client's rate limit
    TRUST_PROXY: 'loopback',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.resolve(import.meta.dirname, '../.tmp/bench-cross-shop'),
  },
});
const bases = await new Promise<{ cached: string; uncached: string }>((resolve, reject) => {
  child.once('message', (m) => resolve(m as { cached: string; uncached: string }));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const round = (n: number) => Number(n.toFixed(2));

let visitor = 0;
/** p50/p95 of `iterations` sequential requests (after 3 untimed), and what the last one said. */
async function timeCall(base: string, callPath: string) {
  const times: number[] = [];
  let status = 0;
  let summary = '';
  for (let i = -3; i < iterations; i++) {
    const t = performance.now();
    visitor++;
    const res = await fetch(base + callPath, {
      headers: { 'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` },
    });
    const body = await res.text();
    if (i >= 0) times.push(performance.now() - t);
    status = res.status;
    summary = describe(body);
  }
  times.sort((a, b) => a - b);
  return { p50: round(pct(times, 50)), p95: round(pct(times, 95)), status, summary };
}

/** What a response held: items and count of a list, or its size. */
function describe(body: string): string {
  try {
    const payload = JSON.parse(body).payload as Record<string, unknown>;
    const list = Object.values(payload).find(Array.isArray) as unknown[] | undefined;
    return `${list?.length ?? 0} items, count ${payload.count}${payload.countCapped ? '+' : ''}`;
  } catch {
    return `${body.length} bytes`;
  }
}

const fmt = (r: LoadResult) => ({ rps: Math.round(r.rps), p50: round(r.p50), p99: round(r.p99), errors: r.errors });

try {
  const results = [];
  for (const call of calls) {
    const uncached = await timeCall(bases.uncached, call.path);
    const cached = await timeCall(bases.cached, call.path);
    console.error(
      `${call.name}: uncached p50 ${uncached.p50} p95 ${uncached.p95} ms; cached p50 ${cached.p50} p95 ${cached.p95} ms (${uncached.status}, ${uncached.summary})`,
    );
    results.push({ call: call.name, path: call.path, directory: call.directory === true, uncached, cached });
  }
  const showcases: Record<string, ReturnType<typeof fmt>> = {};
  for (const [side, base] of Object.entries(bases)) {
    await measure(`${base}/showcases`, { connections: 4, seconds: 2 });
    showcases[side] = fmt(await measure(`${base}/showcases`, { connections: 4, seconds }));
    console.error(`/showcases ${side}, 4 connections: ${JSON.stringify(showcases[side])}`);
  }
  const directory = results.filter((r) => r.directory);
  writeResult('cross-shop', {
    benchmark: 'cross-shop reads over 1,000,000 products in 1,000 shops',
    postgres: version,
    database: dbName,
    iterations,
    goal: 'p95 <= 50 ms per directory call; /showcases >= 100 requests/s at 4 connections',
    worstDirectoryP95: {
      uncached: Math.max(...directory.map((r) => r.uncached.p95)),
      cached: Math.max(...directory.map((r) => r.cached.p95)),
    },
    showcasesAt4Connections: showcases,
    results,
    loadavgAtEnd: { load: loadavg().map((x) => round(x)), cores: cpus().length },
  });
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
