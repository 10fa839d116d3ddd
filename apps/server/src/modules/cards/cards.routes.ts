import { endpoints } from '@stashblog/contract/endpoints';
import type { CardKind } from '@stashblog/contract/share';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { fetchCard, makePoster } from './cards.service.ts';

// A card named by its current version never changes (its URL changes instead, decision 060); an
// older version gets today's card for five minutes.
const immutable = 'public, max-age=31536000, immutable';
const stale = 'public, max-age=300';

function sendPng(reply: FastifyReply, png: Buffer, cacheControl: string, fileName?: string) {
  if (fileName) reply.header('content-disposition', `attachment; filename="${fileName}"`);
  return reply.header('cache-control', cacheControl).header('content-length', png.length).type('image/png').send(png);
}

export function cardsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const kind of ['product', 'catalogue'] as const satisfies CardKind[]) {
      route(app, endpoints.publicCards[kind], async (request, reply) => {
        const { png, current } = await fetchCard(ctx, { kind, ...request.query });
        return sendPng(reply, png, current ? immutable : stale);
      });
    }

    route(app, endpoints.userAdminPosters.download, async (request, reply) => {
      const { businessId, businessName } = ownerOf(request);
      const png = await makePoster(ctx, { businessId, ...request.query });
      const { target, size } = request.query;
      return sendPng(reply, png, 'no-store', `${businessName}-${target}-poster-${size}.png`);
    });
  };
}
