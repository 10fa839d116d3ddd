import { Readable } from 'node:stream';
import { envelopeSchema } from '@stashblog/contract/envelope';
import {
  allLeadsPayload,
  allLeadsQuery,
  catalogueLeadBody,
  catalogueLeadsPayload,
  catalogueLeadsQuery,
  downloadCatalogueLeadsQuery,
  downloadProductLeadsQuery,
  leadIdBody,
  leadTexts,
  productLeadBody,
  productLeadsPayload,
  productLeadsQuery,
} from '@stashblog/contract/leads';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { perClientRateLimit } from '../anti-spam/anti-spam.routes.ts';
import { readDeviceId } from '../private-links/device-cookie.ts';
import {
  createCatalogueLead,
  createProductLead,
  deleteLead,
  fetchAllLeads,
  fetchCatalogueLeads,
  fetchProductLeads,
  leadsCsv,
} from './leads.service.ts';

const created = { 201: envelopeSchema(z.object({ id: z.string() })) };

function sendCsv(reply: FastifyReply, body: AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${leadTexts.csvFileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(body, { objectMode: false }));
}

export function leadsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/public/catalogues/createLead',
      {
        schema: { tags: ['leads'], body: catalogueLeadBody, response: created },
        config: { rateLimit: perClientRateLimit(ctx, 'catalogue-lead') },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              await createCatalogueLead(ctx, { input: request.body, visitor: { deviceId: readDeviceId(ctx.config, request) } }),
              serverTexts.querySent,
            ),
          ),
    );

    app.post(
      '/api/public/products/createLead',
      {
        schema: { tags: ['leads'], body: productLeadBody, response: created },
        config: { rateLimit: perClientRateLimit(ctx, 'product-lead') },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              await createProductLead(ctx, { input: request.body, visitor: { deviceId: readDeviceId(ctx.config, request) } }),
              serverTexts.querySent,
            ),
          ),
    );
    const tags = ['leads'];
    const deleted = { 200: envelopeSchema(z.object({ _id: z.string() })) };
    const csv = { 200: z.string().describe('text/csv: leads_data.csv') };

    // Products (/userAdmin/products)
    app.get(
      '/api/userAdmin/products/fetchAllLeads',
      { schema: { tags, querystring: productLeadsQuery, response: { 200: envelopeSchema(productLeadsPayload) } } },
      async (request) => ok(await fetchProductLeads(ctx, { businessId: ownerOf(request).businessId, ...request.query }), leadTexts.fetched),
    );
    app.get(
      '/api/userAdmin/products/fetchAllProductsLeads',
      { schema: { tags, querystring: allLeadsQuery, response: { 200: envelopeSchema(allLeadsPayload) } } },
      async (request) =>
        ok(await fetchAllLeads(ctx, { businessId: ownerOf(request).businessId, kind: 'product', ...request.query }), leadTexts.fetched),
    );
    app.delete('/api/userAdmin/products/deleteLead', { schema: { tags, body: leadIdBody, response: deleted } }, async (request) =>
      ok(await deleteLead(ctx, { businessId: ownerOf(request).businessId, kind: 'product', id: request.body.id }), leadTexts.deleted),
    );
    app.get(
      '/api/userAdmin/products/downloadLeads',
      { schema: { tags, querystring: downloadProductLeadsQuery, response: csv } },
      async (request, reply) =>
        sendCsv(reply, await leadsCsv(ctx, { businessId: ownerOf(request).businessId, kind: 'product', fkId: request.query.fkProductId })),
    );

    // Catalogues (/userAdmin/catalogues)
    app.get(
      '/api/userAdmin/catalogues/fetchAllLeads',
      { schema: { tags, querystring: catalogueLeadsQuery, response: { 200: envelopeSchema(catalogueLeadsPayload) } } },
      async (request) =>
        ok(await fetchCatalogueLeads(ctx, { businessId: ownerOf(request).businessId, ...request.query }), leadTexts.fetched),
    );
    app.get(
      '/api/userAdmin/catalogues/fetchAllCataloguesLeads',
      { schema: { tags, querystring: allLeadsQuery, response: { 200: envelopeSchema(allLeadsPayload) } } },
      async (request) =>
        ok(await fetchAllLeads(ctx, { businessId: ownerOf(request).businessId, kind: 'catalogue', ...request.query }), leadTexts.fetched),
    );
    app.delete('/api/userAdmin/catalogues/deleteLead', { schema: { tags, body: leadIdBody, response: deleted } }, async (request) =>
      ok(await deleteLead(ctx, { businessId: ownerOf(request).businessId, kind: 'catalogue', id: request.body.id }), leadTexts.deleted),
    );
    app.get(
      '/api/userAdmin/catalogues/downloadLeads',
      { schema: { tags, querystring: downloadCatalogueLeadsQuery, response: csv } },
      async (request, reply) =>
        sendCsv(
          reply,
          await leadsCsv(ctx, { businessId: ownerOf(request).businessId, kind: 'catalogue', fkId: request.query.fkCatalogueId }),
        ),
    );
  };
}
