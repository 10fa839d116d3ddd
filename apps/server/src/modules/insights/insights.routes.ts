import { endpoints } from '@stashblog/contract/endpoints';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { fetchInsights } from './insights.service.ts';

export function insightsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.userAdminInsights.fetch, async (request) =>
      ok(await fetchInsights(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );
  };
}
