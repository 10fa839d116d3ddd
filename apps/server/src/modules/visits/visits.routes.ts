import { envelopeSchema } from '@stashblog/contract/envelope';
import { serverTexts } from '@stashblog/contract/server-texts';
import { businessNameQuery } from '@stashblog/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { recordProfileVisit, visitorOf } from './visits.service.ts';

export function visitsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/api/public/user/visits',
      {
        schema: { tags: ['public user'], body: businessNameQuery, response: { 200: envelopeSchema(z.object({ counted: z.boolean() })) } },
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      },
      async (request) => ok(await recordProfileVisit(ctx, { ...request.body, visitor: visitorOf(request) }), serverTexts.visitRecorded),
    );
  };
}
