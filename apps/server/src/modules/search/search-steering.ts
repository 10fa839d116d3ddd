import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../app-context.ts';

// Plan steering for search across businesses (decision 054; its reads in search-steered.ts): the switch, the
// planner's row estimates (EXPLAIN, kept a minute) and transactions whose statements may use only the scans allowed.

type Ctx = Pick<AppContext, 'db'>;

/**
 * Whether search steers the planner: as configured (SEARCH_PLAN_STEERING), and never on a database with the citus
 * extension (SET LOCAL does not reach its workers, and its coordinator's pg_stats and counters hold no rows of
 * distributed tables). Read once at start-up.
 */
export async function searchPlanSteeringOn(db: Ctx['db'], configured: boolean): Promise<boolean> {
  if (!configured) return false;
  const { rows } = await db.execute<{ citus: boolean }>(sql`select exists (select 1 from pg_extension where extname = 'citus') as citus`);
  return rows[0]?.citus !== true;
}

export type Tx = Pick<Ctx['db'], 'execute'>;
/** What runs a statement in the transaction below (planned()). */
export type Exec = { execute<T extends Record<string, unknown>>(query: SQL): Promise<{ rows: T[] }> };
/** A database or transaction as it is, no planner settings sent. */
export const direct = (db: Tx): Exec => ({
  execute: async <T extends Record<string, unknown>>(query: SQL) => ({ rows: (await db.execute<T>(query)).rows as T[] }),
});

/** How many rows the planner expects a query to return. */
export async function estimate(db: Exec, query: SQL, database?: object): Promise<number> {
  return (await estimates(db, [query], database))[0] ?? 0;
}

export type PlanNode = { 'Plan Rows': number; 'Parent Relationship'?: string; Plans?: PlanNode[] };

// The planner's estimates are kept for a minute per database and statement (at most estimatesKeptMax of them): a
// term searched again (a later page, a popular term) sends no EXPLAIN; its plans are chosen as the last time. An
// estimate changes only with the statistics (ANALYZE); a stale one only chooses a plan, never a result (every path
// pages exactly), like the recency edges below.
export const estimatesKeptMs = 60_000;
export const estimatesKeptMax = 500;
export const estimatesCache = new WeakMap<object, Map<string, { at: number; rows: Promise<number[]> }>>();
export const dialect = new PgDialect();

/**
 * How many rows the planner expects each query to return: one EXPLAIN of them all (UNION ALL, a member each);
 * kept per `database` (estimatesKeptMs) when one is given.
 */
export async function estimates(db: Exec, queries: SQL[], database?: object): Promise<number[]> {
  const statement = sql`explain (format json) ${sql.join(queries, sql` union all `)}`;
  if (!database) return explained(db, statement, queries.length);
  const kept = estimatesCache.get(database) ?? new Map<string, { at: number; rows: Promise<number[]> }>();
  estimatesCache.set(database, kept);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < estimatesKeptMs) return hit.rows;
  kept.delete(key);
  // The oldest first out (a Map iterates in insertion order).
  for (const old of kept.keys()) {
    if (kept.size < estimatesKeptMax) break;
    kept.delete(old);
  }
  const rows = explained(db, statement, queries.length);
  kept.set(key, { at: Date.now(), rows });
  // Neither a failed EXPLAIN nor one without an answer is kept.
  rows.then((r) => r.length > 0 || kept.delete(key)).catch(() => kept.delete(key));
  return rows;
}

/** The row estimates of an EXPLAIN of `queries` queries (one, or a UNION ALL of them). */
export async function explained(db: Exec, statement: SQL, queries: number): Promise<number[]> {
  const { rows } = await db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(statement);
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) return [];
  if (queries === 1) return [plan['Plan Rows']];
  const members = (plan.Plans ?? []).filter((p) => p['Parent Relationship'] === 'Member');
  // Members out of step with the queries (not seen): no guess, which every caller survives (a tier read whole).
  return members.length === queries ? members.map((p) => p['Plan Rows']) : [];
}

/** The plain path's stand-in for a steered transaction: statements run as they are on the pool, allow() is ignored. */
export const unsteered = (db: Tx): Planned => ({ ...direct(db), database: db, allow: () => {}, unplanned: direct(db) });

/** What a read stopped by `stoppable` rejects with: the page it was reading is no longer wanted. */
export class ReadStopped extends Error {}

/** A stopped read's rows: none; any other failure is rethrown. */
export function unlessStopped(e: unknown): never[] {
  if (e instanceof ReadStopped) return [];
  throw e;
}

/**
 * `tx` whose next statements are not sent once `stop()` is true: they reject with ReadStopped (a statement already
 * sent runs to its end). Its `unplanned` statements always run: the reads kept for other searches (the recency edges,
 * the planner's estimates) go through it, so a stopped search never leaves a rejected one for another to find.
 */
export const stoppable = (tx: Planned, stop: () => boolean): Planned => ({
  ...tx,
  execute: <T extends Record<string, unknown>>(query: SQL) => (stop() ? Promise.reject(new ReadStopped()) : tx.execute<T>(query)),
});

export type Scan = 'seqscan' | 'indexscan' | 'bitmapscan';
export const bitmapOnly: Record<Scan, boolean> = { seqscan: false, indexscan: false, bitmapscan: true };
export const noIndex: Record<Scan, boolean> = { seqscan: false, indexscan: false, bitmapscan: false };
/** A transaction whose next statements may use only the scans allowed (SET LOCAL, via set_config(..., true)). */
export type Planned = Exec & {
  database: object;
  allow(scans: Partial<Record<Scan, boolean>>): void;
  /** Runs a statement without sending the settings first (EXPLAIN's row estimate does not depend on them). */
  unplanned: Exec;
};

/**
 * A transaction of the search on a pooled connection of its own, opened with its planner settings in the same
 * round trip: 'begin' and SET LOCAL as one simple query (constant text), with the scans its first statement may
 * use. Drizzle's transaction sent 'begin' and then the settings, one round trip each; a round trip costs the
 * node process ~0.1 ms of CPU in its socket write alone on the bench machine (bench/search.ts: 'sofa' across
 * businesses, node CPU 3.5 -> 3.1 ms per search, p50 -0.3 ms).
 * JIT and parallel workers are off on every pooled connection (db/client.ts, decision 067): the forced plans
 * inflate cost estimates past JIT's thresholds (850 ms of compiling per query when it was on).
 */
export async function searchTransaction<T>(db: Ctx['db'], first: Record<Scan, boolean>, work: (tx: Planned) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    const scans = (Object.keys(first) as Scan[]).map((k) => `set local enable_${k} = ${first[k] ? 'on' : 'off'};`).join(' ');
    await client.query(`begin; ${scans}`);
    const result = await work(planned(drizzle({ client }), db, { ...first }));
    await client.query('commit');
    client.release();
    return result;
  } catch (e) {
    await client.query('rollback').then(
      () => client.release(),
      (err: Error) => client.release(err),
    );
    throw e;
  }
}

/**
 * The transaction with planner settings applied lazily: allow() only records them; the next statement first
 * sends the ones that changed, all in one round trip (a search made up to 10 such round trips before).
 */
export function planned(tx: Tx, database: object, applied: Record<Scan, boolean>): Planned {
  const wanted = { ...applied };
  let pending: SQL[] = [];
  return {
    database,
    unplanned: direct(tx),
    allow: (scans) => {
      Object.assign(wanted, scans);
    },
    execute: async <T extends Record<string, unknown>>(query: SQL) => {
      for (const k of Object.keys(wanted) as Scan[]) {
        if (wanted[k] === applied[k]) continue;
        pending.push(sql`set_config(${`enable_${k}`}, ${wanted[k] ? 'on' : 'off'}, true)`);
        applied[k] = wanted[k];
      }
      if (pending.length > 0) await tx.execute(sql`select ${sql.join(pending, sql`, `)}`);
      pending = [];
      const { rows } = await tx.execute<T>(query);
      return { rows: rows as T[] };
    },
  };
}
