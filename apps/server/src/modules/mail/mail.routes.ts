import { endpoints } from '@stashblog/contract/endpoints';
import { mailTexts } from '@stashblog/contract/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/register.ts';
import { perClientRateLimit } from '../anti-spam/anti-spam.routes.ts';
import { sendMailToOwner } from '../forum/forum.service.ts';
import { sendSupportMail } from './mail.service.ts';

export function mailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.mail.sendSupportMail, { config: { rateLimit: perClientRateLimit(ctx, 'support') } }, async (request, reply) =>
      reply.status(201).send(ok(await sendSupportMail(ctx, { input: request.body }), mailTexts.supportSent)),
    );

    route(app, endpoints.mail.sendMail, { config: { rateLimit: perClientRateLimit(ctx, 'mail') } }, async (request, reply) =>
      reply.status(201).send(ok(await sendMailToOwner(ctx, { input: request.body }), mailTexts.mailSent)),
    );
  };
}
