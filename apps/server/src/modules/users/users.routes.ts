import { accountTexts } from '@stashblog/contract/auth';
import { endpoints } from '@stashblog/contract/endpoints';
import { serverMessages } from '@stashblog/contract/messages';
import { userMessages } from '@stashblog/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
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
    route(app, endpoints.publicUser.fetchAll, async (request) => ok(await fetchAllUsers(ctx, request.query), serverMessages.fetched));
    route(app, endpoints.publicUser.fetchAboutUs, async (request) => ok(await fetchAboutUs(ctx, request.query), serverMessages.fetched));
    route(app, endpoints.publicUser.fetchCategories, async (request) =>
      ok(await fetchCategories(ctx, request.query), serverMessages.fetched),
    );
    route(app, endpoints.publicUser.fetchHome, async (request) => ok(await fetchHome(ctx, request.query), serverMessages.fetched));
    route(app, endpoints.publicUser.checkDomain, async (request) =>
      ok(await checkDomain(ctx, { host: requestHost(request) }), serverMessages.fetched),
    );
    route(app, endpoints.publicUser.checkDomainViaBusiness, async (request) =>
      ok(await checkDomainViaBusiness(ctx, request.query), serverMessages.fetched),
    );
    route(app, endpoints.userAdminUser.updateTheme, async (request) =>
      ok(await updateTheme(ctx, { businessId: ownerOf(request).businessId, ...request.body }), serverMessages.themeUpdated),
    );
    route(app, endpoints.userAdminUser.fetchDetails, async (request) =>
      ok(await fetchDetails(ctx, { businessId: ownerOf(request).businessId }), serverMessages.fetched),
    );
    route(app, endpoints.userAdminUser.updateDetails, async (request) => {
      const result = await updateDetails(ctx, { businessId: ownerOf(request).businessId, input: request.body });
      const sentTo = result.emailConfirmationSentTo;
      return ok(result, sentTo ? accountTexts.emailChangeSent(sentTo) : userMessages.detailsUpdated);
    });
    route(app, endpoints.userAdminUser.fetchCategories, async (request) =>
      ok(await fetchOwnerCategories(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverMessages.fetched),
    );
  };
}
