import { endpoints } from '@stashblog/contract/endpoints';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { changePassword, fetchUser, logIn, logOut } from './auth.service.ts';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.authUser.logIn, { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request, reply) =>
      reply.status(201).send(ok(await logIn(ctx, { input: request.body, ip: request.ip }), 'Signed In!')),
    );

    route(app, endpoints.authUser.fetch, async (request) =>
      ok({ user: await fetchUser(ctx, { businessId: ownerOf(request).businessId }) }, serverTexts.fetched),
    );

    route(app, endpoints.authUser.logOut, async (request) => {
      await logOut(ctx, { tokenHash: ownerOf(request).tokenHash });
      return ok(null, serverTexts.loggedOut);
    });

    route(app, endpoints.userAdminUser.changePassword, async (request) => {
      const owner = ownerOf(request);
      await changePassword(ctx, { ...owner, ...request.body });
      return ok(null, serverTexts.passwordChanged);
    });
  };
}
