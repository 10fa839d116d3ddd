import { envelopeSchema } from '@stashblog/contract/envelope';
import { mailTexts, sendMailBody, supportMailBody } from '@stashblog/contract/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { perClientRateLimit } from '../anti-spam/anti-spam.routes.ts';
import { sendMailToOwner } from '../forum/forum.service.ts';
import { sendSupportMail } from './mail.service.ts';

export function mailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['mail'];
    const created = { 201: envelopeSchema(z.object({ _id: z.string() })) };

    app.post(
      '/api/mail/sendSupportMail',
      { schema: { tags, body: supportMailBody, response: created }, config: { rateLimit: perClientRateLimit(ctx, 'support') } },
      async (request, reply) => reply.status(201).send(ok(await sendSupportMail(ctx, { input: request.body }), mailTexts.supportSent)),
    );

    app.post(
      '/api/mail/sendMail',
      {
        schema: { tags, body: sendMailBody, response: created },
        config: { rateLimit: perClientRateLimit(ctx, 'mail') },
      },
      async (request, reply) => reply.status(201).send(ok(await sendMailToOwner(ctx, { input: request.body }), mailTexts.mailSent)),
    );
  };
}
