import { envelopeSchema } from '@stashblog/contract/envelope';
import { privateLinkTexts } from '@stashblog/contract/private-link-texts';
import {
  deleteCatalogueLinkBody,
  deleteProductLinkBody,
  fetchAllCatalogueLinksQuery,
  fetchAllProductLinksQuery,
  generateCatalogueLinkBody,
  generateProductLinkBody,
  linkViewedBody,
  linkViewedPayload,
  linkVisitsPayload,
  openPrivateLinkQuery,
  privateCataloguePayload,
  privateLinkIdQuery,
  privateLinkList,
  privateLinkPayload,
  privateLinksDeleted,
  privateLinkVisitsBody,
  privateProductPayload,
  updatePrivateLinkBody,
} from '@stashblog/contract/private-links';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { deviceIdOf } from './device-cookie.ts';
import {
  type Device,
  deletePrivateLinks,
  fetchAllPrivateLinks,
  fetchPrivateLink,
  generatePrivateLink,
  markPrivateLinkViewed,
  openPrivateCatalogue,
  openPrivateProduct,
  recordPrivateLinkVisit,
  updatePrivateLink,
} from './private-links.service.ts';

// Guessing codes is slowed per client address (request.ip, as TRUST_PROXY defines it). A visitor opening
// a link makes three calls; a few dozen a minute is plenty for people and useless for guessing 62^20 codes.
const openLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const countLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** SPEC §7 private-link calls for products and catalogues: owner calls under /api/userAdmin, visitor calls under /api/public. */
export function privateLinksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Private-link answers are never stored by browsers or shared caches (DESIGN: caching), errors included.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const device = (request: FastifyRequest, reply: FastifyReply, fingerPrint: string | null | undefined): Device => ({
      deviceId: deviceIdOf(ctx.config, request, reply),
      fingerPrint,
    });

    // ---- owner: products ----
    {
      const admin = '/api/userAdmin/products';
      const tags = ['private links (owner)'];
      const kind = 'product' as const;
      app.get(
        `${admin}/fetchPrivateLink`,
        { schema: { tags, querystring: privateLinkIdQuery, response: { 200: envelopeSchema(privateLinkPayload) } } },
        async (request) => ok(await fetchPrivateLink(ctx, { businessId: ownerOf(request).businessId, kind, id: request.query.id })),
      );
      app.get(
        `${admin}/fetchAllPrivateLinks`,
        { schema: { tags, querystring: fetchAllProductLinksQuery, response: { 200: envelopeSchema(privateLinkList) } } },
        async (request) => {
          const { fkProductId, ...query } = request.query;
          return ok(await fetchAllPrivateLinks(ctx, { businessId: ownerOf(request).businessId, kind, itemId: fkProductId, query }));
        },
      );
      app.post(
        `${admin}/generatePrivateLink`,
        { schema: { tags, body: generateProductLinkBody, response: { 201: envelopeSchema(privateLinkPayload) } } },
        async (request, reply) => {
          const { fkProductId, ...input } = request.body;
          const created = await generatePrivateLink(ctx, { businessId: ownerOf(request).businessId, kind, itemId: fkProductId, input });
          return reply.status(201).send(ok(created, privateLinkTexts.created));
        },
      );
      app.put(
        `${admin}/updatePrivateLink`,
        { schema: { tags, body: updatePrivateLinkBody, response: { 200: envelopeSchema(privateLinkPayload) } } },
        async (request) => {
          const { id, ...input } = request.body;
          return ok(await updatePrivateLink(ctx, { businessId: ownerOf(request).businessId, kind, id, input }), privateLinkTexts.updated);
        },
      );
      app.delete(
        `${admin}/deletePrivateLink`,
        { schema: { tags, body: deleteProductLinkBody, response: { 200: envelopeSchema(privateLinksDeleted) } } },
        async (request) => {
          const { id, fkProductId } = request.body;
          const result = await deletePrivateLinks(ctx, { businessId: ownerOf(request).businessId, kind, id, itemId: fkProductId });
          return ok(result, id ? privateLinkTexts.deleted : privateLinkTexts.deletedAll);
        },
      );
    }

    // ---- owner: catalogues ----
    {
      const admin = '/api/userAdmin/catalogues';
      const tags = ['private links (owner)'];
      const kind = 'catalogue' as const;
      app.get(
        `${admin}/fetchPrivateLink`,
        { schema: { tags, querystring: privateLinkIdQuery, response: { 200: envelopeSchema(privateLinkPayload) } } },
        async (request) => ok(await fetchPrivateLink(ctx, { businessId: ownerOf(request).businessId, kind, id: request.query.id })),
      );
      app.get(
        `${admin}/fetchAllPrivateLinks`,
        { schema: { tags, querystring: fetchAllCatalogueLinksQuery, response: { 200: envelopeSchema(privateLinkList) } } },
        async (request) => {
          const { fkCatalogueId, ...query } = request.query;
          return ok(await fetchAllPrivateLinks(ctx, { businessId: ownerOf(request).businessId, kind, itemId: fkCatalogueId, query }));
        },
      );
      app.post(
        `${admin}/generatePrivateLink`,
        { schema: { tags, body: generateCatalogueLinkBody, response: { 201: envelopeSchema(privateLinkPayload) } } },
        async (request, reply) => {
          const { fkCatalogueId, ...input } = request.body;
          const created = await generatePrivateLink(ctx, { businessId: ownerOf(request).businessId, kind, itemId: fkCatalogueId, input });
          return reply.status(201).send(ok(created, privateLinkTexts.created));
        },
      );
      app.put(
        `${admin}/updatePrivateLink`,
        { schema: { tags, body: updatePrivateLinkBody, response: { 200: envelopeSchema(privateLinkPayload) } } },
        async (request) => {
          const { id, ...input } = request.body;
          return ok(await updatePrivateLink(ctx, { businessId: ownerOf(request).businessId, kind, id, input }), privateLinkTexts.updated);
        },
      );
      app.delete(
        `${admin}/deletePrivateLink`,
        { schema: { tags, body: deleteCatalogueLinkBody, response: { 200: envelopeSchema(privateLinksDeleted) } } },
        async (request) => {
          const { id, fkCatalogueId } = request.body;
          const result = await deletePrivateLinks(ctx, { businessId: ownerOf(request).businessId, kind, id, itemId: fkCatalogueId });
          return ok(result, id ? privateLinkTexts.deleted : privateLinkTexts.deletedAll);
        },
      );
    }

    // ---- visitors ----
    const tags = ['private links (visitor)'];
    for (const kind of ['product', 'catalogue'] as const) {
      const pub = kind === 'product' ? '/api/public/products' : '/api/public/catalogues';
      app.put(
        `${pub}/privateLinkVisits`,
        { schema: { tags, body: privateLinkVisitsBody, response: { 200: envelopeSchema(linkVisitsPayload) } }, config: countLimit },
        async (request) => {
          const { businessName, privateLink: code } = request.body;
          const userAgent = request.headers['user-agent'];
          return ok(await recordPrivateLinkVisit(ctx, { kind, businessName, code, userAgent }), privateLinkTexts.visitRecorded);
        },
      );
      app.put(
        `${pub}/updatePrivateLink`,
        { schema: { tags, body: linkViewedBody, response: { 200: envelopeSchema(linkViewedPayload) } }, config: countLimit },
        async (request, reply) => {
          const { businessName, privateLink: code, fingerPrint } = request.body;
          const visitor = device(request, reply, fingerPrint);
          return ok(await markPrivateLinkViewed(ctx, { kind, businessName, code, device: visitor }), privateLinkTexts.viewed);
        },
      );
    }
    app.get(
      '/api/public/products/fetchPrivateLink',
      { schema: { tags, querystring: openPrivateLinkQuery, response: { 200: envelopeSchema(privateProductPayload) } }, config: openLimit },
      async (request, reply) => {
        const { businessName, privateLink: code, fingerPrint } = request.query;
        return ok(await openPrivateProduct(ctx, { businessName, code, device: device(request, reply, fingerPrint) }));
      },
    );
    app.get(
      '/api/public/catalogues/fetchPrivateLink',
      {
        schema: { tags, querystring: openPrivateLinkQuery, response: { 200: envelopeSchema(privateCataloguePayload) } },
        config: openLimit,
      },
      async (request, reply) => {
        const { businessName, privateLink: code, fingerPrint } = request.query;
        return ok(await openPrivateCatalogue(ctx, { businessName, code, device: device(request, reply, fingerPrint) }));
      },
    );
  };
}
