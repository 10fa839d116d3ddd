import { envelopeSchema } from '@stashblog/contract/envelope';
import { serverTexts } from '@stashblog/contract/server-texts';
import { fetchAllUsersQuery, userProfilesPayload } from '@stashblog/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { fetchAllUsers } from './directory.service.ts';

// The cross-shop directory's profiles (its products and catalogues come from their own modules).
export function directoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['public user'];
    app.get(
      '/api/public/user/fetchAll',
      { schema: { tags, querystring: fetchAllUsersQuery, response: { 200: envelopeSchema(userProfilesPayload) } } },
      async (request) => ok(await fetchAllUsers(ctx, request.query), serverTexts.fetched),
    );
  };
}
