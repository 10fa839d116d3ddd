import { envelopeSchema } from '@stashblog/contract/envelope';
import { insightsPayload, insightsQuery } from '@stashblog/contract/insights';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { fetchInsights } from './insights.service.ts';

export function insightsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/userAdmin/insights/fetch',
      {
        schema: { tags: ['admin insights'], querystring: insightsQuery, response: { 200: envelopeSchema(insightsPayload) } },
      },
      async (request) =>
        ok(await fetchInsights(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );
  };
}
