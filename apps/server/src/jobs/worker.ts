import { type ParsedCronItem, parseCronItems, run, runOnce, type TaskList } from 'graphile-worker';
import type { AppContext } from '../app-context.ts';
import { sweepAccountTokens } from '../modules/account/account.jobs.ts';
import { recheckDueDomainsJob } from '../modules/domains/domains.jobs.ts';
import { sendQueuedMail } from '../modules/mail/mail.jobs.ts';
import { makeImageVariants } from '../modules/media/media.jobs.ts';
import { importProducts, sweepImportZips } from '../modules/product-transfer/product-import.jobs.ts';
import { sendOwnerPush } from '../modules/push/push.jobs.ts';
import { type JobRunner, type JobType, jobPolicies, workerLogger } from './queue.ts';

// Every job type's runner, owned by its module; a job type without one is a type error here.
const runners: { [T in JobType]: JobRunner<T> } = {
  'mail:send': sendQueuedMail,
  'push:send': sendOwnerPush,
  'media:variants': makeImageVariants,
  'domains:recheck-due': recheckDueDomainsJob,
  'account:sweep-tokens': sweepAccountTokens,
  'products:import': importProducts,
  'products:sweep-import-zips': sweepImportZips,
};

function taskList(ctx: AppContext): TaskList {
  const list: TaskList = {};
  for (const [type, runner] of Object.entries(runners) as [JobType, JobRunner<JobType>][]) {
    list[type] = (payload, helpers) =>
      runner(ctx, payload as never, {
        attempts: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
        final: helpers.job.attempts >= helpers.job.max_attempts,
      });
  }
  return list;
}

function cronItems(): ParsedCronItem[] {
  return parseCronItems(
    (Object.entries(jobPolicies) as [JobType, (typeof jobPolicies)[JobType]][]).flatMap(([task, policy]) =>
      // One schedule on every node: graphile-worker records each tick, so one node adds its job.
      policy.cron ? [{ task, match: policy.cron, identifier: task, options: { maxAttempts: policy.maxAttempts, backfillPeriod: 0 } }] : [],
    ),
  );
}

const options = (ctx: AppContext) => ({
  pgPool: ctx.db.$client,
  // main.ts shuts down on SIGINT/SIGTERM and stops the worker through app.close().
  noHandleSignals: true,
  logger: workerLogger(ctx.log),
  taskList: taskList(ctx),
});

/**
 * This node's worker (JOBS_WORKER=1): takes due jobs as they are committed (LISTEN/NOTIFY, and a poll
 * every 2 s) with at most JOBS_CONCURRENCY at once, and adds the cron jobs. Several nodes may run one
 * each: a job is locked by the one that takes it (SKIP LOCKED), so it runs once.
 */
export async function startJobWorker(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  const runner = await run({ ...options(ctx), concurrency: ctx.config.jobsConcurrency, parsedCronItems: cronItems() });
  return { stop: () => runner.stop() };
}

/** Runs every job that is due now, until none is left, then returns (tests; a node without a worker). */
export async function runDueJobs(ctx: AppContext): Promise<void> {
  await runOnce(options(ctx));
}
