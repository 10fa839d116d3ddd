import { envelopeSchema } from '@stashblog/contract/envelope';
import {
  businessNameCheck,
  businessNameQuery,
  checklistPayload,
  onboardingTexts,
  resendBody,
  signUpBody,
  signUpPayload,
  verifyEmailBody,
  verifyEmailPayload,
} from '@stashblog/contract/onboarding';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { checkBusinessName, fetchChecklist, resendVerification, signUp, verifyEmail } from './onboarding.service.ts';

// Self sign-up: /getStarted/{planType} 'Next' and the /signIn Sign up tab call these.
export function onboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['onboarding'];

    app.get(
      '/api/onboarding/checkBusinessName',
      {
        schema: { tags, querystring: businessNameQuery, response: { 200: envelopeSchema(businessNameCheck) } },
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      },
      async (request) => ok(await checkBusinessName(ctx, request.query), serverTexts.fetched),
    );

    app.post(
      '/api/onboarding/signUp',
      {
        schema: { tags, body: signUpBody, response: { 201: envelopeSchema(signUpPayload) } },
        config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      },
      async (request, reply) => {
        const result = await signUp(ctx, { input: request.body });
        return reply.status(201).send(ok(result, onboardingTexts.checkEmail(result.email)));
      },
    );

    app.post(
      '/api/onboarding/verifyEmail',
      {
        schema: { tags, body: verifyEmailBody, response: { 201: envelopeSchema(verifyEmailPayload) } },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => reply.status(201).send(ok(await verifyEmail(ctx, request.body), onboardingTexts.verified)),
    );

    app.post(
      '/api/onboarding/resendVerification',
      {
        schema: { tags, body: resendBody, response: { 201: envelopeSchema(z.null()) } },
        config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      },
      async (request, reply) => {
        await resendVerification(ctx, request.body);
        return reply.status(201).send(ok(null, onboardingTexts.resent));
      },
    );

    app.get(
      '/api/userAdmin/onboarding/checklist',
      { schema: { tags, response: { 200: envelopeSchema(checklistPayload) } } },
      async (request) => ok(await fetchChecklist(ctx, { businessId: ownerOf(request).businessId }), serverTexts.fetched),
    );
  };
}
