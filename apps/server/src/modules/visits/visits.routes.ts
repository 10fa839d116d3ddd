import { endpoints } from '@stashblog/contract/endpoints';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/register.ts';
import { recordProfileVisit, visitorOf } from './visits.service.ts';

export function visitsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.publicUser.visits, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request) =>
      ok(await recordProfileVisit(ctx, { ...request.body, visitor: visitorOf(request) }), serverTexts.visitRecorded),
    );
  };
}
