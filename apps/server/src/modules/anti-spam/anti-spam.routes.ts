import { antiSpamTexts, formChallengePath, type PublicForm } from '@stashblog/contract/anti-spam';
import { formChallengePayload, formChallengeQuery } from '@stashblog/contract/anti-spam-fields';
import { envelopeSchema } from '@stashblog/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { countRejection, issueChallenge } from './anti-spam.service.ts';

// Rate limits of the public forms per client (route option of @fastify/rate-limit; the client
// address is request.ip, which TRUST_PROXY defines): a person sends a few messages a minute at most.
// The per-business cap is not a request limit: it counts accepted submissions only, inside the
// intake (acceptSubmission), so refused ones never use a business's allowance.
export const publicFormLimits = {
  perClient: { max: 10, timeWindow: '1 minute' },
  // A page fetches a challenge when a form opens, and again before it expires or after the tab slept.
  challenges: { max: 60, timeWindow: '1 minute' },
} as const;

/** `config: { rateLimit }` for a public form route: per client address, refusals counted. */
export function perClientRateLimit(ctx: AppContext, form: PublicForm) {
  return {
    ...publicFormLimits.perClient,
    onExceeded: () => {
      countRejection(ctx, { form, reason: 'rate-limit' }).catch((err) => ctx.log.warn({ err }, 'could not count a refused submission'));
    },
    errorResponseBuilder: () => AppError.tooMany(antiSpamTexts.rateLimited),
  };
}

export function antiSpamRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `/api${formChallengePath}`,
      {
        schema: { tags: ['anti-spam'], querystring: formChallengeQuery, response: { 200: envelopeSchema(formChallengePayload) } },
        config: {
          rateLimit: { ...publicFormLimits.challenges, errorResponseBuilder: () => AppError.tooMany(antiSpamTexts.rateLimited) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(issueChallenge(ctx.config, { form: request.query.form }));
      },
    );
  };
}
