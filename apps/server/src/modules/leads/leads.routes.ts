import { envelopeSchema } from '@stashblog/contract/envelope';
import { catalogueLeadBody, productLeadBody } from '@stashblog/contract/leads';
import { serverMessages } from '@stashblog/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { perBusinessRateLimit, perClientRateLimit } from '../anti-spam/anti-spam.routes.ts';
import { readDeviceId } from '../private-links/device-cookie.ts';
import { createCatalogueLead, createProductLead } from './leads.service.ts';

const created = { 201: envelopeSchema(z.object({ id: z.string() })) };

export function leadsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/public/catalogues/createLead',
      {
        schema: { tags: ['leads'], body: catalogueLeadBody, response: created },
        config: { rateLimit: perClientRateLimit(ctx, 'catalogue-lead') },
        preHandler: perBusinessRateLimit(app, ctx, 'catalogue-lead'),
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              await createCatalogueLead(ctx, { input: request.body, visitor: { deviceId: readDeviceId(ctx.config, request) } }),
              serverMessages.querySent,
            ),
          ),
    );

    app.post(
      '/api/public/products/createLead',
      {
        schema: { tags: ['leads'], body: productLeadBody, response: created },
        config: { rateLimit: perClientRateLimit(ctx, 'product-lead') },
        preHandler: perBusinessRateLimit(app, ctx, 'product-lead'),
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              await createProductLead(ctx, { input: request.body, visitor: { deviceId: readDeviceId(ctx.config, request) } }),
              serverMessages.querySent,
            ),
          ),
    );
  };
}
