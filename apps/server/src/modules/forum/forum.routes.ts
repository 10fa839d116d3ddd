import { endpoints } from '@stashblog/contract/endpoints';
import { forumTexts } from '@stashblog/contract/forum-texts';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { perClientRateLimit } from '../anti-spam/anti-spam.routes.ts';
import { createForum, deleteForum, fetchForums } from './forum.service.ts';

export function forumRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.publicUser.createForum, { config: { rateLimit: perClientRateLimit(ctx, 'forum') } }, async (request, reply) =>
      reply.status(201).send(ok(await createForum(ctx, { input: request.body }), serverTexts.forumSent)),
    );

    route(app, endpoints.userAdminUser.fetchForums, async (request) =>
      ok(await fetchForums(ctx, { businessId: ownerOf(request).businessId, ...request.query }), forumTexts.fetched),
    );

    route(app, endpoints.userAdminUser.deleteForum, async (request) =>
      ok(await deleteForum(ctx, { businessId: ownerOf(request).businessId, id: request.body.id }), forumTexts.deleted),
    );
  };
}
