import { accountTexts } from '@stashblog/contract/auth';
import { envelopeSchema } from '@stashblog/contract/envelope';
import { serverTexts } from '@stashblog/contract/server-texts';
import {
  profileTexts,
  themePayload,
  updateDetailsBody,
  updateDetailsResult,
  updateThemeBody,
  userDetailsPayload,
} from '@stashblog/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { fetchDetails, updateDetails, updateTheme } from './businesses.service.ts';

export function businessesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/api/userAdmin/user/updateTheme',
      {
        schema: { tags: ['admin user'], body: updateThemeBody, response: { 200: envelopeSchema(themePayload) } },
      },
      async (request) => ok(await updateTheme(ctx, { businessId: ownerOf(request).businessId, ...request.body }), serverTexts.themeUpdated),
    );
    app.get(
      '/api/userAdmin/user/fetchDetails',
      { schema: { tags: ['admin user'], response: { 200: envelopeSchema(userDetailsPayload) } } },
      async (request) => ok(await fetchDetails(ctx, { businessId: ownerOf(request).businessId }), serverTexts.fetched),
    );
    app.put(
      '/api/userAdmin/user/updateDetails',
      { schema: { tags: ['admin user'], body: updateDetailsBody, response: { 200: envelopeSchema(updateDetailsResult) } } },
      async (request) => {
        const result = await updateDetails(ctx, { businessId: ownerOf(request).businessId, input: request.body });
        const sentTo = result.emailConfirmationSentTo;
        return ok(result, sentTo ? accountTexts.emailChangeSent(sentTo) : profileTexts.detailsUpdated);
      },
    );
  };
}
