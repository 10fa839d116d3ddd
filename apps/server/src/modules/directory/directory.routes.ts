import { endpoints } from '@stashblog/contract/endpoints';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/register.ts';
import { fetchAllUsers } from './directory.service.ts';

// The cross-shop directory's profiles (its products and catalogues come from their own modules).
export function directoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.publicUser.fetchAll, async (request) => ok(await fetchAllUsers(ctx, request.query), serverTexts.fetched));
  };
}
