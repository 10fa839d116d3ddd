import type { JobRunner } from '../../jobs/queue.ts';
import { pushToOwner } from './push.service.ts';

/** The `push:send` job: one web push to the owner; an unreachable or refusing push service is retried. */
export const sendOwnerPush: JobRunner<'push:send'> = async (ctx, { businessId, message }, attempt) => {
  try {
    const outcome = await pushToOwner(ctx, { businessId, message });
    if (outcome !== 'sent') ctx.log.info({ businessId, outcome }, 'push not sent');
  } catch (err) {
    ctx.log.warn({ businessId, attempts: attempt.attempts, final: attempt.final, err: (err as Error).message }, 'push failed');
    throw err;
  }
};
