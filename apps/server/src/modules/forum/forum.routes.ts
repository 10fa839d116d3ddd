import { envelopeSchema } from '@stashblog/contract/envelope';
import { createForumBody } from '@stashblog/contract/forum';
import { serverMessages } from '@stashblog/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { createForum } from './forum.service.ts';

export function forumRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/public/user/createForum',
      {
        schema: { tags: ['public user'], body: createForumBody, response: { 201: envelopeSchema(z.object({ _id: z.string() })) } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request, reply) => reply.status(201).send(ok(await createForum(ctx, request.body), serverMessages.forumSent)),
    );
  };
}
