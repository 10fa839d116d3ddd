import { lt, sql } from 'drizzle-orm';
import { accountTokens } from '../../db/schema/sessions.ts';
import type { JobRunner } from '../../jobs/queue.ts';

/**
 * The `account:sweep-tokens` cron job (daily): drops account tokens that expired more than a day ago.
 * Kept that day so an opened stale link still says 'expired' rather than 'not valid', and so the
 * per-hour count of reset mails (which reads tokens created in the last hour) never loses one.
 */
export const sweepAccountTokens: JobRunner<'account:sweep-tokens'> = async (ctx) => {
  const gone = await ctx.db
    .delete(accountTokens)
    .where(lt(accountTokens.expiresAt, sql`now() - interval '1 day'`))
    .returning({ businessId: accountTokens.businessId });
  if (gone.length) ctx.log.info({ count: gone.length }, 'expired account tokens dropped');
};
