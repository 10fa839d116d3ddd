import { accountTexts } from '@stashblog/contract/auth';
import { endpoints } from '@stashblog/contract/endpoints';
import { serverTexts } from '@stashblog/contract/server-texts';
import { profileTexts } from '@stashblog/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { fetchDetails, updateDetails, updateTheme } from './businesses.service.ts';

export function businessesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.userAdminUser.updateTheme, async (request) =>
      ok(await updateTheme(ctx, { businessId: ownerOf(request).businessId, ...request.body }), serverTexts.themeUpdated),
    );
    route(app, endpoints.userAdminUser.fetchDetails, async (request) =>
      ok(await fetchDetails(ctx, { businessId: ownerOf(request).businessId }), serverTexts.fetched),
    );
    route(app, endpoints.userAdminUser.updateDetails, async (request) => {
      const result = await updateDetails(ctx, { businessId: ownerOf(request).businessId, input: request.body });
      const sentTo = result.emailConfirmationSentTo;
      return ok(result, sentTo ? accountTexts.emailChangeSent(sentTo) : profileTexts.detailsUpdated);
    });
  };
}
