import { endpoints } from '@stashblog/contract/endpoints';
import { onboardingTexts } from '@stashblog/contract/onboarding';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { checkBusinessName, fetchChecklist, resendVerification, signUp, verifyEmail } from './onboarding.service.ts';

// Self sign-up: /getStarted/{planType} 'Next' and the /signIn Sign up tab call these.
export function onboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.onboarding.checkBusinessName, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request) =>
      ok(await checkBusinessName(ctx, request.query), serverTexts.fetched),
    );

    route(app, endpoints.onboarding.signUp, { config: { rateLimit: { max: 10, timeWindow: '10 minutes' } } }, async (request, reply) => {
      const result = await signUp(ctx, { input: request.body });
      return reply.status(201).send(ok(result, onboardingTexts.checkEmail(result.email)));
    });

    route(app, endpoints.onboarding.verifyEmail, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) =>
      reply.status(201).send(ok(await verifyEmail(ctx, request.body), onboardingTexts.verified)),
    );

    route(
      app,
      endpoints.onboarding.resendVerification,
      { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } },
      async (request, reply) => {
        await resendVerification(ctx, request.body);
        return reply.status(201).send(ok(null, onboardingTexts.resent));
      },
    );

    route(app, endpoints.userAdminOnboarding.checklist, async (request) =>
      ok(await fetchChecklist(ctx, { businessId: ownerOf(request).businessId }), serverTexts.fetched),
    );
  };
}
