import type { JobRunner } from '../../jobs/queue.ts';
import { recheckDueDomains } from './domains.service.ts';

/** The `domains:recheck-due` cron job (every 10 minutes): every claim due now, 20 at a time. */
export const recheckDueDomainsJob: JobRunner<'domains:recheck-due'> = async (ctx) => {
  while ((await recheckDueDomains(ctx)) > 0);
};
