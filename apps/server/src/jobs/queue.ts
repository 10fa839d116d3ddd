import { sql } from 'drizzle-orm';
import { runMigrations as installWorkerSchema, Logger } from 'graphile-worker';
import type pg from 'pg';
import type { AppContext } from '../app-context.ts';
import type { Database, Transaction } from '../db/client.ts';

// The one job queue (docs/decisions/038-job-queue.md): graphile-worker's tables in the
// `graphile_worker` schema of our own database. A job is a row added by `addJob` inside the
// transaction of the write that causes it, so it exists exactly when that write committed; a worker
// (jobs/worker.ts, on any app node) takes it with SKIP LOCKED, runs it once, and on failure retries
// it with exponential back-off (about e^attempts seconds, at most ~6 h apart) until `maxAttempts`,
// after which the row stays, with its last error, as failed (the platform console lists it).

/** The payload of each job type; a runner for each lives in its module (`x.jobs.ts`), wired in jobs/worker.ts. */
export type JobPayloads = {
  /** One queued SMTP mail (mail_outbox.id); modules/mail. */
  'mail:send': { mailId: string };
  /** One web push to a business owner's browser; modules/push. */
  'push:send': { businessId: string; message: { title: string; body: string; url: string } };
  /** The WebP widths of one uploaded image, made from its stored JPEG; modules/media. */
  'media:variants': { businessId: string; mediaId: string };
  /** Cron: re-check the verified custom domains that are due (each daily); modules/domains. */
  'domains:recheck-due': Record<string, unknown>;
  /** Cron: drop expired account tokens (password reset, email change); modules/account. */
  'account:sweep-tokens': Record<string, unknown>;
  /** One bulk import of products (product_imports.id), batch by batch; modules/product-transfer. */
  'products:import': { businessId: string; importId: string };
  /** Cron: drop imports with a ZIP that were never started (draft or previewed a day ago) and their ZIPs; modules/product-transfer. */
  'products:sweep-import-zips': Record<string, unknown>;
};
export type JobType = keyof JobPayloads;

/** Which attempt a runner is on: `final` when a failure now leaves the job failed for good. */
export type JobAttempt = { attempts: number; maxAttempts: number; final: boolean };

/** A module's job runner: throws to have the job retried (or failed, on the final attempt). */
export type JobRunner<T extends JobType> = (ctx: AppContext, payload: JobPayloads[T], attempt: JobAttempt) => Promise<void>;

type JobPolicy = {
  /** Attempts before the job is left as failed: back-off e^1 s, e^2 s, … (capped at e^10 s ≈ 6 h). */
  maxAttempts: number;
  /** A crontab pattern (UTC) for jobs that come from the clock rather than from a write. */
  cron?: string;
};

export const jobPolicies: Record<JobType, JobPolicy> = {
  // 12 attempts: the last one about 16 hours after the first (e^1 + … + e^10 + e^10 s).
  'mail:send': { maxAttempts: 12 },
  // 5 attempts within about a minute and a half: a push is only worth sending while the lead is news.
  'push:send': { maxAttempts: 5 },
  // 6 attempts within about four minutes (e^1 + … + e^5 s); until then and after, its srcset lists no
  // widths and a width's URL answers 302 to the JPEG, so a failed one costs bytes, not a broken image.
  'media:variants': { maxAttempts: 6 },
  // Every 10 minutes the due claims are picked (each claim is due daily, or within the hour after an unsure check).
  'domains:recheck-due': { maxAttempts: 3, cron: '*/10 * * * *' },
  'account:sweep-tokens': { maxAttempts: 3, cron: '17 3 * * *' },
  // 5 attempts within about two and a half minutes; each resumes after the last whole batch.
  'products:import': { maxAttempts: 5 },
  'products:sweep-import-zips': { maxAttempts: 3, cron: '41 * * * *' },
};

/**
 * Adds a job in `db`'s transaction (pass the transaction of the write that causes the job): it is
 * committed or rolled back with that write, and a worker picks it up at commit (LISTEN/NOTIFY).
 */
export async function addJob<T extends JobType>(db: Database | Transaction, type: T, payload: JobPayloads[T]): Promise<void> {
  await db.execute(
    sql`select graphile_worker.add_job(${type}, ${JSON.stringify(payload)}::json, max_attempts => ${jobPolicies[type].maxAttempts})`,
  );
}

/** Creates or updates the queue's schema; part of every start-up's migrations (db/migrate.ts), under their lock. */
export async function installJobQueue(pool: pg.Pool): Promise<void> {
  await installWorkerSchema({ pgPool: pool, logger: workerLogger(null) });
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void; debug(obj: object, msg: string): void };

/** graphile-worker's own log lines, through ours (pino): warnings and errors as such, the rest at debug. */
export function workerLogger(log: Log | null): Logger {
  return new Logger((scope) => (level, message, meta) => {
    if (!log) return;
    const fields = { ...scope, ...meta };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}

type JobRow = {
  id: string;
  task_identifier: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: Date;
  updated_at: Date;
  locked_at: Date | null;
};

/**
 * What the platform console shows of the queue: per job type how many wait (new or to be retried),
 * run now, and have failed for good; and the latest jobs with an error (retrying or failed).
 */
export async function readJobQueue(db: Database) {
  const [counts, problems] = await Promise.all([
    db.execute<{ type: string; queued: number; running: number; failed: number }>(sql`
      select task_identifier as type,
        count(*) filter (where locked_at is null and attempts < max_attempts)::int as queued,
        count(*) filter (where locked_at is not null)::int as running,
        count(*) filter (where locked_at is null and attempts >= max_attempts)::int as failed
      from graphile_worker.jobs group by task_identifier`),
    db.execute<JobRow>(sql`
      select id::text, task_identifier, attempts, max_attempts, last_error, run_at, updated_at, locked_at
      from graphile_worker.jobs where last_error is not null
      order by updated_at desc, id desc limit 20`),
  ]);
  const byType = new Map(counts.rows.map((r) => [r.type, r]));
  return {
    types: (Object.keys(jobPolicies) as JobType[]).map((type) => ({
      type,
      maxAttempts: jobPolicies[type].maxAttempts,
      queued: byType.get(type)?.queued ?? 0,
      running: byType.get(type)?.running ?? 0,
      failed: byType.get(type)?.failed ?? 0,
    })),
    problems: problems.rows.map((r) => {
      const failed = r.locked_at === null && r.attempts >= r.max_attempts;
      return {
        _id: r.id,
        type: r.task_identifier,
        state: failed ? ('failed' as const) : ('retrying' as const),
        attempts: r.attempts,
        maxAttempts: r.max_attempts,
        error: r.last_error ?? '',
        nextAttemptAt: failed ? null : new Date(r.run_at).toISOString(),
        updatedAt: new Date(r.updated_at).toISOString(),
      };
    }),
  };
}
