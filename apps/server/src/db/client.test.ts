import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, withDatabase } from './client.ts';

describe('pooled connections', () => {
  // The server's own 'postgres' database: the run's template must stay free for the files cloning it.
  const { db, pool } = createDatabase(withDatabase(inject('dbServerUrl'), 'postgres'));
  afterAll(() => pool.end());

  it('plan without JIT or parallel workers, from their first statement, on every connection (decision 067)', async () => {
    // Three at once: three connections, each asked first thing.
    const settings = await Promise.all(
      [1, 2, 3].map(() =>
        db.execute<{ jit: string; workers: string }>(
          sql`select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers, pg_sleep(0.05)`,
        ),
      ),
    );
    expect(pool.totalCount).toBe(3);
    expect(settings.map((s) => s.rows[0] && { jit: s.rows[0].jit, workers: s.rows[0].workers })).toEqual(
      Array(3).fill({ jit: 'off', workers: '0' }),
    );
    // With parallel scans made free, the planner would take workers for any table; it still gets none.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(
        sql`set local parallel_setup_cost = 0; set local parallel_tuple_cost = 0; set local min_parallel_table_scan_size = 0`,
      );
      await tx.execute(sql`set local enable_indexscan = off; set local enable_bitmapscan = off`);
      return (await tx.execute<{ 'QUERY PLAN': string }>(sql`explain select count(*) from pg_class`)).rows;
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).not.toMatch(/Gather|Parallel/);
  });
});
