import { sql } from 'drizzle-orm';
import type { JobType } from '../src/jobs/queue.ts';
import { runDueJobs } from '../src/jobs/worker.ts';
import type { TestApp } from './test-app.ts';

// Test apps run no job worker (JOBS_WORKER=0, test-app.ts): a test runs the jobs itself, so it
// knows they are done when the call returns.

/** The queue's jobs of one type (or all), oldest first, as the platform console reads them. */
export async function jobsOf(app: TestApp, type?: JobType) {
  const rows = await app.ctx.db.execute<{
    id: string;
    type: string;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    payload: unknown;
  }>(
    sql`select j.id::text, j.task_identifier as type, j.attempts, j.max_attempts, j.last_error, p.payload
        from graphile_worker.jobs j join graphile_worker._private_jobs p on p.id = j.id
        where ${type ?? null}::text is null or j.task_identifier = ${type ?? null} order by j.id`,
  );
  return rows.rows;
}

/**
 * Makes every waiting job due now, as if its back-off had passed (optionally as if it had already
 * been tried `attempts` times), then runs what is due.
 */
export async function retryJobsNow(app: TestApp, { attempts }: { attempts?: number } = {}) {
  await app.ctx.db.execute(
    sql`select graphile_worker.reschedule_jobs(
          array(select id from graphile_worker.jobs where locked_at is null and attempts < max_attempts),
          run_at => now(), attempts => ${attempts ?? null}::int)`,
  );
  await runDueJobs(app.ctx);
}
