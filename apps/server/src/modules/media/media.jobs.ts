import type { JobRunner } from '../../jobs/queue.ts';
import { makeStoredVariants } from './media.service.ts';

/** The `media:variants` job: an uploaded image's WebP widths; a failure is retried, the JPEG serves meanwhile. */
export const makeImageVariants: JobRunner<'media:variants'> = async (ctx, payload, attempt) => {
  try {
    await makeStoredVariants(ctx, payload);
  } catch (err) {
    ctx.log.warn({ ...payload, attempts: attempt.attempts, final: attempt.final, err: (err as Error).message }, 'image variants failed');
    throw err;
  }
};
