import { envelopeSchema } from '@stashblog/contract/envelope';
import { serverTexts } from '@stashblog/contract/server-texts';
import { profileTexts, setFcmtBody } from '@stashblog/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { pushPublicKey, setPushToken } from './push.service.ts';

export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin user'];
    app.put(
      '/api/userAdmin/user/setFCMT',
      {
        schema: { tags, body: setFcmtBody, response: { 200: envelopeSchema(z.object({ enabled: z.boolean() })) } },
      },
      async (request) => {
        const result = await setPushToken(ctx, { businessId: ownerOf(request).businessId, token: request.body.token });
        return ok(result, result.enabled ? profileTexts.pushSaved : profileTexts.pushCleared);
      },
    );
    app.get(
      '/api/userAdmin/push/publicKey',
      { schema: { tags, response: { 200: envelopeSchema(z.object({ publicKey: z.string() })) } } },
      async () => ok(pushPublicKey(ctx), serverTexts.fetched),
    );
  };
}
