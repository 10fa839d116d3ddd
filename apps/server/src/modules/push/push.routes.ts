import { endpoints } from '@stashblog/contract/endpoints';
import { serverTexts } from '@stashblog/contract/server-texts';
import { profileTexts } from '@stashblog/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { pushPublicKey, setPushToken } from './push.service.ts';

export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.userAdminUser.setFCMT, async (request) => {
      const result = await setPushToken(ctx, { businessId: ownerOf(request).businessId, token: request.body.token });
      return ok(result, result.enabled ? profileTexts.pushSaved : profileTexts.pushCleared);
    });
    route(app, endpoints.userAdminPush.publicKey, async () => ok(pushPublicKey(ctx), serverTexts.fetched));
  };
}
