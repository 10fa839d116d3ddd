import { envelopeSchema } from '@stashblog/contract/envelope';
import { serverTexts } from '@stashblog/contract/server-texts';
import {
  aboutUsPayload,
  adminCategoriesQuery,
  businessNameQuery,
  categoriesPayload,
  fetchCategoriesQuery,
  homePayload,
} from '@stashblog/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { fetchAboutUs, fetchCategories, fetchHome, fetchOwnerCategories } from './storefront.service.ts';

// What a shop's public pages show besides its products and catalogues, and the owner's categories.
export function storefrontRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['public user'];
    app.get(
      '/api/public/user/fetchAboutUs',
      { schema: { tags, querystring: businessNameQuery, response: { 200: envelopeSchema(aboutUsPayload) } } },
      async (request) => ok(await fetchAboutUs(ctx, request.query), serverTexts.fetched),
    );
    app.get(
      '/api/public/user/fetchCategories',
      { schema: { tags, querystring: fetchCategoriesQuery, response: { 200: envelopeSchema(categoriesPayload) } } },
      async (request) => ok(await fetchCategories(ctx, request.query), serverTexts.fetched),
    );
    app.get(
      '/api/public/user/fetchHome',
      { schema: { tags, querystring: businessNameQuery, response: { 200: envelopeSchema(homePayload) } } },
      async (request) => ok(await fetchHome(ctx, request.query), serverTexts.fetched),
    );
    app.get(
      '/api/userAdmin/user/fetchCategories',
      {
        schema: { tags: ['admin user'], querystring: adminCategoriesQuery, response: { 200: envelopeSchema(categoriesPayload) } },
      },
      async (request) =>
        ok(await fetchOwnerCategories(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );
  };
}
