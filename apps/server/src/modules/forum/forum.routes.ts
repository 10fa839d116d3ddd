import { envelopeSchema } from '@stashblog/contract/envelope';
import { createForumBody, fetchForumsQuery, forumIdBody, forumsPayload } from '@stashblog/contract/forum';
import { forumTexts } from '@stashblog/contract/forum-texts';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { perClientRateLimit } from '../anti-spam/anti-spam.routes.ts';
import { createForum, deleteForum, fetchForums } from './forum.service.ts';

export function forumRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const idPayload = envelopeSchema(z.object({ _id: z.string() }));

    app.post(
      '/api/public/user/createForum',
      {
        schema: { tags: ['public user'], body: createForumBody, response: { 201: idPayload } },
        config: { rateLimit: perClientRateLimit(ctx, 'forum') },
      },
      async (request, reply) => reply.status(201).send(ok(await createForum(ctx, { input: request.body }), serverTexts.forumSent)),
    );

    app.get(
      '/api/userAdmin/user/fetchForums',
      { schema: { tags: ['forum'], querystring: fetchForumsQuery, response: { 200: envelopeSchema(forumsPayload) } } },
      async (request) => ok(await fetchForums(ctx, { businessId: ownerOf(request).businessId, ...request.query }), forumTexts.fetched),
    );

    app.delete(
      '/api/userAdmin/user/deleteForum',
      { schema: { tags: ['forum'], body: forumIdBody, response: { 200: idPayload } } },
      async (request) => ok(await deleteForum(ctx, { businessId: ownerOf(request).businessId, id: request.body.id }), forumTexts.deleted),
    );
  };
}
