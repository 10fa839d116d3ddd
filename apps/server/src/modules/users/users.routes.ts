import { accountTexts } from '@stashblog/contract/auth';
import { envelopeSchema } from '@stashblog/contract/envelope';
import { serverMessages } from '@stashblog/contract/messages';
import {
  aboutUsPayload,
  adminCategoriesQuery,
  businessNameQuery,
  categoriesPayload,
  checkDomainPayload,
  checkDomainViaBusinessPayload,
  fetchAllUsersQuery,
  fetchCategoriesQuery,
  homePayload,
  themePayload,
  updateDetailsBody,
  updateDetailsResult,
  updateThemeBody,
  userDetailsPayload,
  userMessages,
  userProfilesPayload,
} from '@stashblog/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { requestHost } from '../../http/tenant.ts';
import {
  checkDomain,
  checkDomainViaBusiness,
  fetchAboutUs,
  fetchAllUsers,
  fetchCategories,
  fetchDetails,
  fetchHome,
  fetchOwnerCategories,
  updateDetails,
  updateTheme,
} from './users.service.ts';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['public user'];
    app.get(
      '/api/public/user/fetchAll',
      { schema: { tags, querystring: fetchAllUsersQuery, response: { 200: envelopeSchema(userProfilesPayload) } } },
      async (request) => ok(await fetchAllUsers(ctx, request.query), serverMessages.fetched),
    );
    app.get(
      '/api/public/user/fetchAboutUs',
      { schema: { tags, querystring: businessNameQuery, response: { 200: envelopeSchema(aboutUsPayload) } } },
      async (request) => ok(await fetchAboutUs(ctx, request.query), serverMessages.fetched),
    );
    app.get(
      '/api/public/user/fetchCategories',
      { schema: { tags, querystring: fetchCategoriesQuery, response: { 200: envelopeSchema(categoriesPayload) } } },
      async (request) => ok(await fetchCategories(ctx, request.query), serverMessages.fetched),
    );
    app.get(
      '/api/public/user/fetchHome',
      { schema: { tags, querystring: businessNameQuery, response: { 200: envelopeSchema(homePayload) } } },
      async (request) => ok(await fetchHome(ctx, request.query), serverMessages.fetched),
    );
    app.get('/api/public/user/checkDomain', { schema: { tags, response: { 200: envelopeSchema(checkDomainPayload) } } }, async (request) =>
      ok(await checkDomain(ctx, { host: requestHost(request) }), serverMessages.fetched),
    );
    app.get(
      '/api/public/user/checkDomainViaBusiness',
      { schema: { tags, querystring: businessNameQuery, response: { 200: envelopeSchema(checkDomainViaBusinessPayload) } } },
      async (request) => ok(await checkDomainViaBusiness(ctx, request.query), serverMessages.fetched),
    );
    app.put(
      '/api/userAdmin/user/updateTheme',
      {
        schema: { tags: ['admin user'], body: updateThemeBody, response: { 200: envelopeSchema(themePayload) } },
      },
      async (request) =>
        ok(await updateTheme(ctx, { businessId: ownerOf(request).businessId, ...request.body }), serverMessages.themeUpdated),
    );
    app.get(
      '/api/userAdmin/user/fetchDetails',
      { schema: { tags: ['admin user'], response: { 200: envelopeSchema(userDetailsPayload) } } },
      async (request) => ok(await fetchDetails(ctx, { businessId: ownerOf(request).businessId }), serverMessages.fetched),
    );
    app.put(
      '/api/userAdmin/user/updateDetails',
      { schema: { tags: ['admin user'], body: updateDetailsBody, response: { 200: envelopeSchema(updateDetailsResult) } } },
      async (request) => {
        const result = await updateDetails(ctx, { businessId: ownerOf(request).businessId, input: request.body });
        const sentTo = result.emailConfirmationSentTo;
        return ok(result, sentTo ? accountTexts.emailChangeSent(sentTo) : userMessages.detailsUpdated);
      },
    );
    app.get(
      '/api/userAdmin/user/fetchCategories',
      {
        schema: { tags: ['admin user'], querystring: adminCategoriesQuery, response: { 200: envelopeSchema(categoriesPayload) } },
      },
      async (request) =>
        ok(await fetchOwnerCategories(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverMessages.fetched),
    );
  };
}
