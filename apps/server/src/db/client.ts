import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database = ReturnType<typeof drizzle<Record<string, never>, pg.Pool>>;

export function createDatabase(url: string): { db: Database; pool: pg.Pool } {
  // Every statement of this app is short (a page, a count capped at 1,001, a write): PostgreSQL's parallel workers
  // and JIT compiling cost more than they save, and the planner picks them for a LIMIT walk whose whole-table cost
  // estimate is high (search across shops, plain path: parallel workers took 'sofa' from p95 11 to 35 ms,
  // decision 067). Set once per connection: pg-pool awaits onConnect before it hands the connection out (a returned
  // promise; @types/pg types the hook as returning void). A session setting: behind PgBouncer in transaction mode it
  // may not hold, which costs speed only. client.test.ts fails if a pooled connection plans with either.
  const onConnect = (client: pg.ClientBase) => client.query('set jit = off; set max_parallel_workers_per_gather = 0');
  const pool = new pg.Pool({ connectionString: url, max: 10, onConnect });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle({ client: pool });
  return { db, pool };
}

/** Resolves a database name inside a server URL (used for tests and the CLI). */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The handle inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
