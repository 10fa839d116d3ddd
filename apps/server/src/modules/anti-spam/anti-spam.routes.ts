import { antiSpamMessages } from '@stashblog/contract/anti-spam';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { countRejection, type PublicForm } from './anti-spam.service.ts';

// Rate limits of the public forms (route options of @fastify/rate-limit; the client address is
// request.ip, which TRUST_PROXY defines). Per client: a person sends a few messages a minute at
// most. Per business: a flood aimed at one owner from many addresses is cut off too.
export const publicFormLimits = {
  perClient: { max: 10, timeWindow: '1 minute' },
  perBusiness: { max: 60, timeWindow: '10 minutes' },
} as const;

function counted(ctx: AppContext, form: PublicForm, reason: 'rate-limit' | 'business-rate-limit') {
  return () => {
    countRejection(ctx, { form, reason }).catch((err) => ctx.log.warn({ err }, 'could not count a refused submission'));
  };
}

/** `config: { rateLimit }` for a public form route: per client address, refusals counted. */
export function perClientRateLimit(ctx: AppContext, form: PublicForm) {
  return {
    ...publicFormLimits.perClient,
    onExceeded: counted(ctx, form, 'rate-limit'),
    errorResponseBuilder: () => AppError.tooMany(antiSpamMessages.rateLimited),
  };
}

/**
 * preHandler limiting one form's submissions per business (key: the validated body's businessName).
 * A second limiter on the same request: the route's `config.rateLimit` (per client) marks the
 * request as limited, so this one goes through `createRateLimit`, which has no such guard.
 */
export function perBusinessRateLimit(app: FastifyInstance, ctx: AppContext, form: PublicForm) {
  const limiter = app.createRateLimit({
    ...publicFormLimits.perBusiness,
    keyGenerator: (request: FastifyRequest) => {
      const body = (request.body ?? {}) as { businessName?: unknown };
      return `business:${form}:${String(body.businessName ?? '').toLowerCase()}`;
    },
  });
  const onExceeded = counted(ctx, form, 'business-rate-limit');
  return async (request: FastifyRequest) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      onExceeded();
      throw AppError.tooMany(antiSpamMessages.businessRateLimited);
    }
  };
}
