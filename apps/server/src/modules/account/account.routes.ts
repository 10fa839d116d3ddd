import {
  accountTexts,
  confirmEmailBody,
  confirmEmailPayload,
  passwordResetLinkBody,
  requestPasswordResetBody,
  resetPasswordBody,
} from '@stashblog/contract/auth';
import { envelopeSchema } from '@stashblog/contract/envelope';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { readToken } from '../../http/guards.ts';
import { hashToken } from '../auth/auth.service.ts';
import { checkPasswordReset, confirmEmailChange, requestPasswordReset, resetPassword } from './account.service.ts';

// Limits of the public account-link routes (per client address as TRUST_PROXY defines it, in the
// shared rate-limit store). Per address: at most 3 reset mails an hour; past that the answer stays
// the same (no enumeration), the mail just does not go. A client flooding any of them gets 429.
export const accountLimits = {
  resetRequestsPerClient: { max: 10, timeWindow: '10 minutes' },
  resetMailsPerAddress: { max: 3, timeWindow: '1 hour' },
  linksPerClient: { max: 30, timeWindow: '10 minutes' },
} as const;

const tooMany = () => AppError.tooMany(serverTexts.tooManyAttempts);

export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    const perClient = { ...accountLimits.linksPerClient, errorResponseBuilder: tooMany };
    const perAddress = app.createRateLimit({
      ...accountLimits.resetMailsPerAddress,
      keyGenerator: (request: FastifyRequest) => `reset-address:${String((request.body as { email?: unknown }).email ?? '').toLowerCase()}`,
    });

    app.post(
      '/api/auth/user/requestPasswordReset',
      {
        schema: { tags, body: requestPasswordResetBody, response: { 201: envelopeSchema(z.null()) } },
        config: { rateLimit: { ...accountLimits.resetRequestsPerClient, errorResponseBuilder: tooMany } },
      },
      async (request, reply) => {
        const limit = await perAddress(request);
        const addressAllowed = limit.isAllowed || !limit.isExceeded;
        await requestPasswordReset(ctx, { email: request.body.email, addressAllowed });
        return reply.status(201).send(ok(null, accountTexts.resetRequested));
      },
    );

    app.post(
      '/api/auth/user/checkPasswordReset',
      { schema: { tags, body: passwordResetLinkBody, response: { 200: envelopeSchema(z.null()) } }, config: { rateLimit: perClient } },
      async (request) => {
        await checkPasswordReset(ctx, request.body);
        return ok(null, serverTexts.fetched);
      },
    );

    app.post(
      '/api/auth/user/resetPassword',
      { schema: { tags, body: resetPasswordBody, response: { 201: envelopeSchema(z.null()) } }, config: { rateLimit: perClient } },
      async (request, reply) => {
        await resetPassword(ctx, request.body);
        return reply.status(201).send(ok(null, accountTexts.passwordReset));
      },
    );

    // Public: the link may be opened anywhere. A signed-in owner's page sends its session, which stays.
    app.post(
      '/api/auth/user/confirmEmail',
      {
        schema: { tags, body: confirmEmailBody, response: { 201: envelopeSchema(confirmEmailPayload) } },
        config: { rateLimit: perClient },
      },
      async (request, reply) => {
        const session = readToken(request);
        const result = await confirmEmailChange(ctx, { token: request.body.token, sessionTokenHash: session ? hashToken(session) : null });
        return reply.status(201).send(ok(result, accountTexts.emailConfirmed(result.email)));
      },
    );
  };
}
