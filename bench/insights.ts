import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, withDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { fetchInsights } from '../apps/server/src/modules/insights/insights.service.ts';

// `npx tsx bench/insights.ts`: the insights dashboard call (fetchInsights, the function behind
// GET /api/userAdmin/insights/fetch) for one business with 100,000 leads and 90 days of visits,
// against a baseline that computes the same lead figures straight from the leads table (what the
// dashboard would cost without the daily counters). Reports p50/p95 of each and the ratio
// baseline p50 / counters p50 (higher is better). Not part of `npm test`.
//   BENCH_DATABASE_URL  server to use (default: the system PostgreSQL on 127.0.0.1:5432)
//   BENCH_RESEED=1      drop and seed again
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'stash_bench_insights';
const leadCount = 100_000;
const iterations = Number(process.env.BENCH_ITERATIONS ?? 30);

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount === 1;
if (exists && process.env.BENCH_RESEED) await admin.query(`drop database ${dbName} with (force)`);
if (!exists || process.env.BENCH_RESEED) await admin.query(`create database ${dbName}`);
await admin.end();

const { db, pool } = createDatabase(withDatabase(serverUrl, dbName));
await runMigrations(db);

const businessId = '01900000-0000-7000-8000-000000000001';
const seeded = Number((await db.execute<{ n: string }>(sql`select count(*) as n from leads`)).rows[0]?.n ?? 0);
if (seeded !== leadCount) {
  const t0 = performance.now();
  console.error(`seeding ${leadCount} leads, 200 products, 20 catalogues, 90 days of visits ...`);
  await db.execute(sql`truncate businesses cascade`);
  await db.execute(sql`insert into businesses (id, business_name, name, email, password_hash)
    values (${businessId}, 'bench-insights', 'Owner', 'owner@bench.test', 'x')`);
  await db.execute(sql`insert into products (business_id, id, product_name, description, category, is_public)
    select ${businessId}, gen_random_uuid(), 'Product ' || g, 'd', 'c', true from generate_series(1, 200) g`);
  await db.execute(sql`insert into catalogues (business_id, id, catalogue_name, description, is_public)
    select ${businessId}, gen_random_uuid(), 'Catalogue ' || g, 'd', true from generate_series(1, 20) g`);
  // 90 % product leads, 10 % catalogue leads, spread over the last 120 days, then counted per day as addLead counts each.
  await db.execute(sql`
    with p as (select array_agg(id) ids from products), c as (select array_agg(id) ids from catalogues)
    insert into leads (business_id, id, kind, name, phone_no, email, fk_product_id, product_name, fk_catalogue_id, catalogue_name, created_at)
    select ${businessId}, gen_random_uuid(), case when g % 10 = 0 then 'catalogue' else 'product' end, 'Lead ' || g, '9876543210',
      'lead' || g || '@bench.test',
      case when g % 10 = 0 then null else p.ids[1 + (g * 7) % 200] end, case when g % 10 = 0 then null else 'Product' end,
      case when g % 10 = 0 then c.ids[1 + (g * 3) % 20] end, case when g % 10 = 0 then 'Catalogue' end,
      now() - make_interval(secs => (g * 103.68)::int)
    from generate_series(1, ${leadCount}) g, p, c`);
  await db.execute(sql`insert into daily_leads (business_id, day, subject_type, subject_id, count)
    select business_id, (created_at at time zone 'Asia/Kolkata')::date, kind,
      coalesce(fk_product_id, fk_catalogue_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
    from leads group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into daily_visits (business_id, day, subject_type, subject_id, count)
    select ${businessId}, (now() at time zone 'Asia/Kolkata')::date - d, 'product', p.id, 1 + (d * 7 + length(p.product_name)) % 40
    from products p, generate_series(0, 119) d`);
  await db.execute(sql`vacuum analyze`);
  console.error(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** The same lead figures without the counters: per day and top products/catalogues straight from leads. */
async function baseline(days: number) {
  const since = sql`((now() at time zone 'Asia/Kolkata')::date - ${days - 1}::int)`;
  const from = sql`(${since}::timestamp at time zone 'Asia/Kolkata')`;
  const [perDay, top] = await Promise.all([
    db.execute(sql`select (created_at at time zone 'Asia/Kolkata')::date as day, kind, count(*) from leads
      where business_id = ${businessId} and kind in ('product', 'catalogue') and created_at >= ${from} group by 1, 2`),
    db.execute(sql`select kind, coalesce(fk_product_id, fk_catalogue_id) as id, count(*) from leads
      where business_id = ${businessId} and kind in ('product', 'catalogue') and created_at >= ${from}
      group by 1, 2 order by 3 desc limit 10`),
  ]);
  return { perDay: perDay.rows, top: top.rows };
}

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] * 100) / 100;
  return { p50: at(0.5), p95: at(0.95) };
}

const result: Record<string, unknown> = { leads: leadCount, iterations };
for (const days of [30, 90] as const) {
  const counters = await time(() => fetchInsights({ db }, { businessId, query: { days } }));
  const base = await time(() => baseline(days));
  const answer = await fetchInsights({ db }, { businessId, query: { days } });
  const baseRows = (await baseline(days)).perDay as { count: string }[];
  const agree = answer.totals.leads === baseRows.reduce((s, r) => s + Number(r.count), 0);
  result[`days${days}`] = {
    countersMs: counters,
    baselineMs: base,
    ratio: Math.round((base.p50 / counters.p50) * 100) / 100,
    leadsInRange: answer.totals.leads,
    agree,
  };
}
await pool.end();
console.log(JSON.stringify(result, null, 2));
