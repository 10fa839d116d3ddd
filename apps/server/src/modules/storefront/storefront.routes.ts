import { endpoints } from '@stashblog/contract/endpoints';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { fetchAboutUs, fetchCategories, fetchHome, fetchOwnerCategories } from './storefront.service.ts';

// What a shop's public pages show besides its products and catalogues, and the owner's categories.
export function storefrontRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.publicUser.fetchAboutUs, async (request) => ok(await fetchAboutUs(ctx, request.query), serverTexts.fetched));
    route(app, endpoints.publicUser.fetchCategories, async (request) => ok(await fetchCategories(ctx, request.query), serverTexts.fetched));
    route(app, endpoints.publicUser.fetchHome, async (request) => ok(await fetchHome(ctx, request.query), serverTexts.fetched));
    route(app, endpoints.userAdminUser.fetchCategories, async (request) =>
      ok(await fetchOwnerCategories(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );
  };
}
