import { Readable } from 'node:stream';
import type { PublicForm } from '@stashblog/contract/anti-spam';
import { endpoints } from '@stashblog/contract/endpoints';
import { leadTexts } from '@stashblog/contract/leads';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
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

function sendCsv(reply: FastifyReply, body: AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${leadTexts.csvFileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(body, { objectMode: false }));
}

export function leadsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // SPEC §7 createLead, on products and catalogues alike: rate-limited per client, 201 'Query Sent'.
    const intake = (form: PublicForm) => ({ config: { rateLimit: perClientRateLimit(ctx, form) } });
    const visitorOf = (request: FastifyRequest) => ({ deviceId: readDeviceId(ctx.config, request) });
    const querySent = (reply: FastifyReply, lead: { id: string }) => reply.status(201).send(ok(lead, serverTexts.querySent));

    route(app, endpoints.publicCatalogues.createLead, intake('catalogue-lead'), async (request, reply) =>
      querySent(reply, await createCatalogueLead(ctx, { input: request.body, visitor: visitorOf(request) })),
    );
    route(app, endpoints.publicProducts.createLead, intake('product-lead'), async (request, reply) =>
      querySent(reply, await createProductLead(ctx, { input: request.body, visitor: visitorOf(request) })),
    );

    // Products (/userAdmin/products)
    route(app, endpoints.userAdminProducts.fetchAllLeads, async (request) =>
      ok(await fetchProductLeads(ctx, { businessId: ownerOf(request).businessId, ...request.query }), leadTexts.fetched),
    );
    route(app, endpoints.userAdminProducts.fetchAllProductsLeads, async (request) =>
      ok(await fetchAllLeads(ctx, { businessId: ownerOf(request).businessId, kind: 'product', ...request.query }), leadTexts.fetched),
    );
    route(app, endpoints.userAdminProducts.deleteLead, async (request) =>
      ok(await deleteLead(ctx, { businessId: ownerOf(request).businessId, kind: 'product', id: request.body.id }), leadTexts.deleted),
    );
    route(app, endpoints.userAdminProducts.downloadLeads, async (request, reply) =>
      sendCsv(reply, await leadsCsv(ctx, { businessId: ownerOf(request).businessId, kind: 'product', fkId: request.query.fkProductId })),
    );

    // Catalogues (/userAdmin/catalogues)
    route(app, endpoints.userAdminCatalogues.fetchAllLeads, async (request) =>
      ok(await fetchCatalogueLeads(ctx, { businessId: ownerOf(request).businessId, ...request.query }), leadTexts.fetched),
    );
    route(app, endpoints.userAdminCatalogues.fetchAllCataloguesLeads, async (request) =>
      ok(await fetchAllLeads(ctx, { businessId: ownerOf(request).businessId, kind: 'catalogue', ...request.query }), leadTexts.fetched),
    );
    route(app, endpoints.userAdminCatalogues.deleteLead, async (request) =>
      ok(await deleteLead(ctx, { businessId: ownerOf(request).businessId, kind: 'catalogue', id: request.body.id }), leadTexts.deleted),
    );
    route(app, endpoints.userAdminCatalogues.downloadLeads, async (request, reply) =>
      sendCsv(
        reply,
        await leadsCsv(ctx, { businessId: ownerOf(request).businessId, kind: 'catalogue', fkId: request.query.fkCatalogueId }),
      ),
    );
  };
}
