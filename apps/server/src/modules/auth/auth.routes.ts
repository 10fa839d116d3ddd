import { changePasswordBody, logInBody, sessionUser } from '@stashblog/contract/auth';
import { envelopeSchema } from '@stashblog/contract/envelope';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { changePassword, fetchUser, logIn, logOut } from './auth.service.ts';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/user/logIn',
      {
        schema: { tags: ['auth'], body: logInBody, response: { 201: envelopeSchema(z.object({ authorization: z.string() })) } },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request, reply) => reply.status(201).send(ok(await logIn(ctx, { input: request.body, ip: request.ip }), 'Signed In!')),
    );

    app.get(
      '/api/auth/user/fetch',
      { schema: { tags: ['auth'], response: { 200: envelopeSchema(z.object({ user: sessionUser })) } } },
      async (request) => ok({ user: await fetchUser(ctx, { businessId: ownerOf(request).businessId }) }, serverTexts.fetched),
    );

    app.put('/api/auth/user/logOut', { schema: { tags: ['auth'] } }, async (request) => {
      await logOut(ctx, { tokenHash: ownerOf(request).tokenHash });
      return ok(null, serverTexts.loggedOut);
    });

    app.put('/api/userAdmin/user/changePassword', { schema: { tags: ['auth'], body: changePasswordBody } }, async (request) => {
      const owner = ownerOf(request);
      await changePassword(ctx, { ...owner, ...request.body });
      return ok(null, serverTexts.passwordChanged);
    });
  };
}
