import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { envelopeSchema } from '@stashblog/contract/envelope';
import { mediaUrl } from '@stashblog/contract/paths';
import { type Product, productList, publicFetchAllQuery } from '@stashblog/contract/products';
import { serverTexts } from '@stashblog/contract/server-texts';
import { and, desc, eq, fillPlaceholders, getTableColumns, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDemoIfEmpty } from '../apps/server/src/cli/seed-demo.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { businesses } from '../apps/server/src/db/schema/businesses.ts';
import { products } from '../apps/server/src/db/schema/products.ts';
import { compiledSerializer } from '../apps/server/src/http/compiled-serializer.ts';
import { ok } from '../apps/server/src/http/envelope.ts';
import { businessShows, itemIsPublic } from '../apps/server/src/modules/businesses/visibility.ts';
import { toProduct } from '../apps/server/src/modules/products/product-view.ts';
import { type LoadResult, measure } from './load.ts';
import { writeResult } from './result.ts';

// Decision 042: who writes the storefront list's product JSON, measured on the UNCACHED list (the
// public cache off: every call runs its query), on one app process and one database, side by side:
//   stored  GET /api/public/products/fetchAll as the app serves it: each product's JSON kept in
//           `product_json` by statement triggers on `products` (decision 032; the SQL generated from
//           the contract, 042), spliced after the id and business name and sent as text
//   rows    the same page from plain rows, the way every other product read goes: drizzle's prepared
//           query (same where, order and paging), `toProduct`, and the compiled serialiser writing the
//           contract's schema (decision 021). What dropping `product_json` would serve.
//   tuned   plain rows at their cheapest: only the columns the API sends, arrays as JSON (pg parses it
//           natively; a text[] goes through a JavaScript parser), the time as ISO text, mapped by
//           position (decision 025's shape, a second mapper), and the compiled serialiser
//   bare    a bare Fastify route sending the same bytes (the usual yardstick, bench/http.ts)
// The four alternate, BENCH_ROUNDS rounds of BENCH_SECONDS each, each round starting with another side
// (the machine is shared: one round says little). Per sample: requests/s, and CPU per request of this
// process (the app; the load comes from another process) and of the PostgreSQL server (its postmaster's
// children, from /proc). `rpsGain` = stored/rows − 1, `cpuGain` = rows/stored − 1 (Node + PostgreSQL CPU
// per request); the same over `tuned`. 042 keeps the stored JSON while its gain over rows is ≥ 0.2.
const port = Number(process.env.BENCH_PORT ?? 5080);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const dataDir = path.resolve(import.meta.dirname, '../.tmp/bench-product-json');
const base = `http://127.0.0.1:${port}`;

// One business's visible products, its id looked up by name inside the statement (as the app's list does).
const shopVisible = and(
  eq(
    products.businessId,
    sql`(select b.id from ${businesses} b where b.business_name = ${sql.placeholder('businessName')} and ${businessShows('product', sql`b`)})`,
  ),
  itemIsPublic(sql`${products}`),
);

const config = loadConfig({
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  PORT: String(port),
  DATA_DIR: dataDir,
  APP_HOSTS: `127.0.0.1:${port},localhost:${port}`,
  PUBLIC_URL: base,
  SEED_DEMO: '1',
  LOG_LEVEL: 'silent',
});
const database = await openDatabase(config, () => {});
const app = await buildApp({ config, db: database.db, publicCache: false });
await seedDemoIfEmpty(app.ctx, () => {});
const businessName = 'lotus-handicrafts';
const query = `businessName=${businessName}&pageNo=1&perPage=12`;
const storedPath = `/api/public/products/fetchAll?${query}`;
const rowsPath = `/api/public/products/fetchAllRows?${query}`;
const tunedPath = `/api/public/products/fetchAllTuned?${query}`;
registerRowsList();
registerTunedList();
await app.listen({ port, host: '127.0.0.1' });

const rowsBody = (await app.inject({ method: 'GET', url: rowsPath })).body;
const storedBody = (await app.inject({ method: 'GET', url: storedPath })).body;
if (rowsBody !== storedBody) throw new Error(`the two lists differ:\n${rowsBody}\n${storedBody}`);
const tunedBody = (await app.inject({ method: 'GET', url: tunedPath })).body;
if (rowsBody !== tunedBody) throw new Error(`the two lists differ:\n${rowsBody}\n${tunedBody}`);
const bare = Fastify();
bare.get('/bare-list', async (_req, reply) => reply.type('application/json').send(rowsBody));
await bare.listen({ port: port + 1, host: '127.0.0.1' });

type Sample = { rps: number; nodeUs: number; pgUs: number; errors: number };
const sides = {
  stored: `${base}${storedPath}`,
  rows: `${base}${rowsPath}`,
  tuned: `${base}${tunedPath}`,
  bare: `http://127.0.0.1:${port + 1}/bare-list`,
};
const samples: Record<keyof typeof sides, Sample[]> = { stored: [], rows: [], tuned: [], bare: [] };
const order = Object.keys(sides) as (keyof typeof sides)[];
try {
  for (const side of order) await measure(sides[side], { connections, seconds: 2 }); // warm-up
  for (let round = 0; round < rounds; round++) {
    // each round starts with another side, so no side always follows the same one
    for (const side of [...order.slice(round % order.length), ...order.slice(0, round % order.length)])
      samples[side].push(await sample(sides[side]));
    const [r, s, t] = [samples.rows[round] as Sample, samples.stored[round] as Sample, samples.tuned[round] as Sample];
    console.log(
      `round ${round + 1}: rows ${fmt(r)} | stored ${fmt(s)} | tuned ${fmt(t)} | bare ${Math.round((samples.bare[round] as Sample).rps)} rps` +
        ` | gain over rows: rps ${pct(s.rps / r.rps - 1)}, cpu ${pct((r.nodeUs + r.pgUs) / (s.nodeUs + s.pgUs) - 1)}` +
        ` | over tuned: rps ${pct(s.rps / t.rps - 1)}, cpu ${pct((t.nodeUs + t.pgUs) / (s.nodeUs + s.pgUs) - 1)}`,
    );
  }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length / 2;
    return +(((sorted[Math.ceil(mid) - 1] as number) + (sorted[Math.floor(mid)] as number)) / 2).toFixed(3);
  };
  const sum = (s: Sample) => s.nodeUs + s.pgUs;
  const ratios = samples.rows.map((r, i) => {
    const s = samples.stored[i] as Sample;
    const b = samples.bare[i] as Sample;
    const t = samples.tuned[i] as Sample;
    return {
      rpsGainOverTuned: +(s.rps / t.rps - 1).toFixed(3),
      cpuGainOverTuned: +(sum(t) / sum(s) - 1).toFixed(3),
      rpsGain: +(s.rps / r.rps - 1).toFixed(3),
      cpuGain: +(sum(r) / sum(s) - 1).toFixed(3),
      nodeCpuGain: +(r.nodeUs / s.nodeUs - 1).toFixed(3),
      uncachedRatioRows: +(r.rps / b.rps).toFixed(3),
      uncachedRatioStored: +(s.rps / b.rps).toFixed(3),
    };
  });
  writeResult('product-json', {
    benchmark:
      'uncached storefront list: trigger-kept product_json (stored) vs rows + toProduct + compiled serialiser (rows) vs positional rows (tuned)',
    url: storedPath,
    responseBytes: Buffer.byteLength(rowsBody),
    connections,
    seconds,
    rounds,
    samples: Object.fromEntries(order.map((k) => [k, samples[k].map((s) => ({ ...s, rps: Math.round(s.rps) }))])),
    ratios,
    median: {
      rpsGain: median(ratios.map((r) => r.rpsGain)),
      rpsGainOverTuned: median(ratios.map((r) => r.rpsGainOverTuned)),
      cpuGainOverTuned: median(ratios.map((r) => r.cpuGainOverTuned)),
      cpuGain: median(ratios.map((r) => r.cpuGain)),
      uncachedRatioRows: median(ratios.map((r) => r.uncachedRatioRows)),
      uncachedRatioStored: median(ratios.map((r) => r.uncachedRatioStored)),
    },
    goal: 'decision 042: the stored JSON stays while its gain over rows is >= 0.2',
  });
} finally {
  await bare.close();
  await app.close();
  await database.close({ stopEmbedded: true });
}

function fmt(s: Sample) {
  return `${Math.round(s.rps)} rps, ${Math.round(s.nodeUs)}+${Math.round(s.pgUs)} µs`;
}
function pct(x: number) {
  return `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
}

async function sample(url: string): Promise<Sample> {
  const cpu0 = process.cpuUsage();
  const pg0 = postgresTicks();
  const result: LoadResult = await measure(url, { connections, seconds });
  const cpu = process.cpuUsage(cpu0);
  const pgTicks = postgresTicks() - pg0;
  const n = Math.max(1, result.requests);
  return {
    rps: result.rps,
    nodeUs: +((cpu.user + cpu.system) / n).toFixed(1),
    pgUs: +((pgTicks * 10_000) / n).toFixed(1), // USER_HZ is 100 on Linux: a tick is 10 ms
    errors: result.errors,
  };
}

/** CPU ticks (user + system) of the PostgreSQL server's processes so far: the postmaster's children. */
function postgresTicks(): number {
  const postmaster = readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[0]?.trim();
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // fields after the command's closing parenthesis: state ppid … utime(14) stime(15), 1-based from pid
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (f[1] === postmaster || pid === postmaster) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}

/** The list from plain rows as the service builds every other product read (the public list before 028). */
function registerRowsList() {
  const { search: _search, ...productColumns } = getTableColumns(products);
  const list = database.db
    .select({ row: productColumns, total: sql<string>`count(*) over ()` })
    .from(products)
    .where(shopVisible)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('bench_rows_products');
  app.get(
    '/api/public/products/fetchAllRows',
    {
      schema: { querystring: publicFetchAllQuery, response: { 200: envelopeSchema(productList) } },
      serializerCompiler: compiledSerializer,
    },
    async (request) => {
      const q = request.query;
      const name = q.businessName.toLowerCase();
      const rows = await list.execute({ businessName: name, limit: q.perPage, offset: (q.pageNo - 1) * q.perPage });
      return ok({ products: rows.map((r) => toProduct(r.row, name)), count: Number(rows[0]?.total ?? 0) }, serverTexts.fetched);
    },
  );
}

/** Plain rows at their cheapest (see the header), and the compiled serialiser. */
function registerTunedList() {
  const p = products;
  const built = new QueryBuilder()
    .select({
      id: p.id,
      productName: p.productName,
      itemNo: p.itemNo,
      description: p.description,
      category: p.category,
      tags: sql`to_json(${p.tags})`,
      images: sql`${p.images}::text[]`,
      specifications: sql`to_json(${p.specifications})`,
      disclaimers: sql`to_json(${p.disclaimers})`,
      price: sql`${p.pricePerUnit}::float8`,
      totalUnits: p.totalUnits,
      link: p.link,
      isPublic: p.isPublic,
      isPromoted: p.isPromoted,
      isBlocked: p.isBlocked,
      createdAt: sql`to_char(${p.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      total: sql`count(*) over ()`,
    })
    .from(products)
    .where(shopVisible)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .toSQL();
  app.get(
    '/api/public/products/fetchAllTuned',
    {
      schema: { querystring: publicFetchAllQuery, response: { 200: envelopeSchema(productList) } },
      serializerCompiler: compiledSerializer,
    },
    async (request) => {
      const q = request.query;
      const name = q.businessName.toLowerCase();
      const { rows } = await database.db.$client.query<unknown[]>({
        name: 'bench_tuned_products',
        text: built.sql,
        values: fillPlaceholders(built.params, { businessName: name, limit: q.perPage, offset: (q.pageNo - 1) * q.perPage }),
        rowMode: 'array',
      });
      const list = rows.map(
        (r): Product => ({
          _id: r[0] as string,
          businessName: name,
          productName: r[1] as string,
          itemNo: r[2] as string,
          description: r[3] as string,
          category: r[4] as string,
          tags: r[5] as string[],
          images: (r[6] as string[]).map(mediaUrl),
          specifications: r[7] as string[],
          disclaimer: r[8] as string[],
          pricePerUnit: r[9] as number | null,
          totalUnits: r[10] as number | null,
          link: r[11] as string,
          isPublic: r[12] as boolean,
          isPromoted: r[13] as boolean,
          promoted: r[13] as boolean,
          isBlocked: r[14] as boolean,
          createdAt: r[15] as string,
        }),
      );
      return ok({ products: list, count: Number(rows[0]?.[16] ?? 0) }, serverTexts.fetched);
    },
  );
}
