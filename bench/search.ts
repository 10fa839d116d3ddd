import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { SearchQuery } from '@stashblog/contract/search';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, withDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { cataloguesWritten, productsWritten } from '../apps/server/src/db/tenant-writes.ts';
import { searchItems } from '../apps/server/src/modules/search/search.service.ts';
import { searchPlanSteeringOn } from '../apps/server/src/modules/search/search-steering.ts';

// `npm run bench:search`: the search service (the very function behind GET public/user/search)
// over 1,000,000 products in 1,000 businesses, seeded with generate_series. Reports p50/p95/p99
// per query kind; goal p95 <= 20 ms (DESIGN.md). Not part of `npm test`.
//   BENCH_DATABASE_URL  server to use (default: the system PostgreSQL on 127.0.0.1:5432)
//   BENCH_RESEED=1      drop and seed again (otherwise an already seeded bench database is reused)
//   BENCH_DB_NAME       database to seed or reuse (default stash_bench_search; a copy made with
//                       `createdb -T stash_bench_search other` skips the seeding)
//   BENCH_ITERATIONS    timed runs per one-business query kind (default 100; fewer across all businesses)
//   BENCH_KINDS         only the query kinds whose name contains one of these '|'-separated texts
//   BENCH_ALL_RUNS      timed runs per all-business kind (default max(20, BENCH_ITERATIONS / 2))
//   BENCH_PATHS         'steered,plain' (default), 'steered' or 'plain': the search paths measured (decision 054),
//                       both run turn about in one loop, so a loaded machine slows them alike
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DB_NAME ?? 'stash_bench_search';
const businessCount = 1000;
const perBusiness = 1000;
const iterations = Number(process.env.BENCH_ITERATIONS ?? 100);

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount === 1;
if (exists && process.env.BENCH_RESEED) await admin.query(`drop database ${dbName} with (force)`);
if (!exists || process.env.BENCH_RESEED) await admin.query(`create database ${dbName}`);
const version = (await admin.query('show server_version')).rows[0].server_version as string;
await admin.end();

const { db, pool } = createDatabase(withDatabase(serverUrl, dbName));
await runMigrations(db);

const seeded = Number((await db.execute<{ n: string }>(sql`select count(*) as n from products`)).rows[0]?.n ?? 0);
if (seeded !== businessCount * perBusiness) {
  const t0 = performance.now();
  console.error(`seeding ${businessCount * perBusiness} products in ${businessCount} businesses ...`);
  await db.execute(sql`truncate businesses cascade`);
  await db.execute(sql`insert into businesses (id, business_name, display_name, name, email, password_hash, is_blocked)
    select gen_random_uuid(), 'bench-shop-' || b, 'Bench Shop ' || b, 'Owner ' || b, 'owner' || b || '@bench.test', 'x', b % 100 = 0
    from generate_series(1, ${businessCount}) b`);
  // Names combine an adjective, a material and a noun; 'sofa' is one of 8 nouns (12.5 % of rows).
  // Descriptions and tags draw from the same words, so a term also matches at lower weights.
  await db.execute(sql`
    with words as (select
      array['sofa','chair','table','lamp','shelf','cushion','basket','mirror'] as nouns,
      array['brass','teak','cotton','marble','bamboo','jute','steel','velvet','ceramic','rosewood',
            'terracotta','silk','walnut','copper','linen','wicker'] as materials,
      array['royal','rustic','modern','classic','handmade','carved','painted','woven','antique',
            'compact','folding','glazed','polished','vintage','elegant','sturdy','ornate','minimal',
            'pastel','indigo'] as adjectives,
      array['living room','dining','bedroom','outdoor','kitchen','office','pooja','decor'] as categories)
    insert into products (business_id, id, product_name, item_no, description, category, tags, images,
      is_public, is_blocked, created_at)
    select b.id, gen_random_uuid(),
      initcap(w.adjectives[1 + (g * 7 + b.n) % 20] || ' ' || w.materials[1 + (g * 3 + b.n * 5) % 16] || ' ' || w.nouns[1 + (g + b.n) % 8])
        || ' ' || (g % 97),
      'SKU-' || b.n || '-' || g,
      'A ' || w.adjectives[1 + (g * 11 + b.n) % 20] || ' piece in ' || w.materials[1 + (g * 13) % 16]
        || ', goes well with a ' || w.nouns[1 + (g * 5 + b.n) % 8] || '. Made by artisans in Jaipur; ships across India.',
      w.categories[1 + (g * 17 + b.n) % 8],
      array[w.materials[1 + (g * 19) % 16], w.adjectives[1 + (g * 23) % 20]],
      array[gen_random_uuid()],
      g % 10 <> 0, g % 100 = 1,
      now() - make_interval(mins => (g + b.n * 1000)::int)
    from (select id, row_number() over (order by business_name) as n from businesses) b,
         generate_series(1, ${perBusiness}) g, words w`);
  await db.execute(sql`insert into catalogues (business_id, id, catalogue_name, description, is_public, created_at)
    select b.id, gen_random_uuid(), 'Festive ' || (array['sofa','chair','table','lamp','decor'])[1 + g % 5] || ' collection ' || g,
      'Hand picked pieces for the season', true, now() - make_interval(mins => g)
    from businesses b, generate_series(1, 20) g`);
  // What every write of the app does besides (decision 055): the stored JSON, the search words, the version.
  const written = await db.execute<{ business_id: string; products: string[]; catalogues: string[] }>(sql`
    select b.id as business_id, array(select id from products where business_id = b.id) as products,
      array(select id from catalogues where business_id = b.id) as catalogues from businesses b`);
  for (const w of written.rows) {
    await productsWritten(db, { businessId: w.business_id, ids: w.products });
    await cataloguesWritten(db, { businessId: w.business_id, ids: w.catalogues });
  }
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze catalogues`);
  await db.execute(sql`vacuum analyze search_words`);
  console.error(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const shops = (await db.execute<{ business_name: string }>(sql`select business_name from businesses where not is_blocked`)).rows.map(
  (r) => r.business_name,
);
const visibleRows = Number(
  (
    await db.execute<{ n: string }>(sql`select count(*) as n from products p join businesses b on b.id = p.business_id
      where p.is_public and not p.is_blocked and not b.is_blocked`)
  ).rows[0]?.n,
);

type Kind = { name: string; term: string; scope: 'business' | 'all'; filter?: SearchQuery['filter']; sort?: SearchQuery['sort'] };
const kinds: Kind[] = [
  { name: 'ranked, common term (sofa), one business', term: 'sofa', scope: 'business' },
  { name: 'ranked, two words (teak chair), one business', term: 'teak chair', scope: 'business' },
  { name: 'prefix (sof), one business', term: 'sof', scope: 'business' },
  { name: 'typo (sofq), one business', term: 'sofq', scope: 'business' },
  { name: 'typo (cushon), one business', term: 'cushon', scope: 'business' },
  { name: 'ranked, rare term (ornate walnut table 7), all businesses', term: 'ornate walnut table 7', scope: 'all' },
  { name: 'typo (walnot mirrer), all businesses', term: 'walnot mirrer', scope: 'all' },
  { name: 'prefix (terrac), all businesses', term: 'terrac', scope: 'all', filter: 'Products' },
  { name: 'prefix (sof), all businesses', term: 'sof', scope: 'all' },
  { name: 'typo (sofq), all businesses', term: 'sofq', scope: 'all' },
  { name: 'ranked, common term (sofa) ≥10 % of rows, all businesses', term: 'sofa', scope: 'all' },
  { name: 'newest first, common term (sofa), all businesses', term: 'sofa', scope: 'all', sort: 'Date, new to old' },
];

// Baseline measured in the same run: the substring match (ILIKE on name, category and tags, newest
// first, exact count) that the directory's fetchAllUsers calls use, for the same term in one business.
async function baseline(businessName: string, term: string) {
  const like = `%${term}%`;
  const where = sql`p.business_id = (select id from businesses where business_name = ${businessName})
    and p.is_public and not p.is_blocked
    and (p.product_name ilike ${like} or p.category ilike ${like} or array_to_string(p.tags, ' ') ilike ${like})`;
  await Promise.all([
    db.execute(sql`select p.id, p.product_name from products p where ${where} order by p.created_at desc, p.id desc limit 15`),
    db.execute(sql`select count(*) from products p where ${where}`),
  ]);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const steerable = await searchPlanSteeringOn(db, true);
const paths = (process.env.BENCH_PATHS ?? 'steered,plain')
  .split(',')
  .filter((p): p is 'steered' | 'plain' => p === 'plain' || (p === 'steered' && steerable));
const only = process.env.BENCH_KINDS?.split('|');
const results = [];
for (const k of kinds.filter((k) => !only || only.some((w) => k.name.includes(w)))) {
  const runs = k.scope === 'business' ? iterations : Number(process.env.BENCH_ALL_RUNS ?? Math.max(20, Math.floor(iterations / 2)));
  const times = new Map(paths.map((p) => [p, [] as number[]]));
  let count = 0;
  let capped = false;
  for (let i = -5; i < runs; i++) {
    const businessName = k.scope === 'business' ? shops[Math.floor(Math.random() * shops.length)] : undefined;
    // Turn about: each path goes first in every other round.
    for (const path of i % 2 === 0 ? paths : [...paths].reverse()) {
      const t = performance.now();
      const r = await searchItems(
        { db, searchPlanSteering: path === 'steered' },
        { searchQuery: k.term, businessName, pageNo: 1, perPage: 15, sort: k.sort ?? 'Relevance', filter: k.filter ?? 'All' },
      );
      if (i >= 0) times.get(path)?.push(performance.now() - t);
      count = Math.max(count, r.count);
      capped ||= r.countCapped;
    }
  }
  const shown = `${count}${capped ? '+' : ''}`;
  for (const [path, ts] of times) {
    ts.sort((x, y) => x - y);
    console.error(`${k.name}, ${path}: p50 ${pct(ts, 50).toFixed(2)} ms, p95 ${pct(ts, 95).toFixed(2)} ms (${shown} matches)`);
    results.push({
      query: k.name,
      path,
      runs,
      // A capped count (decision 017) is a lower bound: '1000+'.
      maxMatches: shown,
      matchShare: capped
        ? 'more than the count cap'
        : k.scope === 'all'
          ? `${((100 * count) / visibleRows).toFixed(1)} %`
          : `${((100 * count) / perBusiness).toFixed(1)} % of a shop`,
      p50: Number(pct(ts, 50).toFixed(2)),
      p95: Number(pct(ts, 95).toFixed(2)),
      p99: Number(pct(ts, 99).toFixed(2)),
    });
  }
}
{
  const times: number[] = [];
  for (let i = -5; i < iterations; i++) {
    const t = performance.now();
    await baseline(shops[Math.floor(Math.random() * shops.length)] as string, 'sofa');
    if (i >= 0) times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  const base = { p50: Number(pct(times, 50).toFixed(2)), p95: Number(pct(times, 95).toFixed(2)), p99: Number(pct(times, 99).toFixed(2)) };
  const ranked = results[0] as { p50: number; p95: number };
  console.error(`baseline ILIKE (sofa), one business: p50 ${base.p50} ms, p95 ${base.p95} ms`);
  results.push({ query: 'baseline: ILIKE substring (sofa), one business, newest first + count', runs: iterations, ...base });
  results.push({
    query: 'ratio ranked search / ILIKE baseline (sofa, one business)',
    p50: Number((ranked.p50 / base.p50).toFixed(2)),
    p95: Number((ranked.p95 / base.p95).toFixed(2)),
  });
}
await pool.end();
const [load1, load5, load15] = loadavg().map((x) => Number(x.toFixed(2)));
console.log(
  JSON.stringify(
    {
      benchmark: 'search service, 1,000,000 products / 1,000 businesses',
      postgres: version,
      visibleRows,
      goal: 'p95 <= 20 ms',
      paths,
      loadavg: { load1, load5, load15, cores: cpus().length },
      results,
    },
    null,
    2,
  ),
);
