import { endpoints } from '@stashblog/contract/endpoints';
import { privateLinkTexts } from '@stashblog/contract/private-link-texts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
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

/** The item an owner's call names: its fkProductId or its fkCatalogueId, whichever field its kind has. */
function itemIdOf(input: { fkProductId: string } | { fkCatalogueId: string }): string;
function itemIdOf(input: { fkProductId?: string } | { fkCatalogueId?: string }): string | undefined;
function itemIdOf(input: { fkProductId?: string; fkCatalogueId?: string }) {
  return input.fkProductId ?? input.fkCatalogueId;
}

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

    // ---- owners: products, then catalogues (their calls name the item by fkProductId or fkCatalogueId) ----
    for (const kind of ['product', 'catalogue'] as const) {
      const admin = kind === 'product' ? endpoints.userAdminProducts : endpoints.userAdminCatalogues;
      route(app, admin.fetchPrivateLink, async (request) =>
        ok(await fetchPrivateLink(ctx, { businessId: ownerOf(request).businessId, kind, id: request.query.id })),
      );
      route(app, admin.fetchAllPrivateLinks, async (request) => {
        const { query } = request;
        return ok(await fetchAllPrivateLinks(ctx, { businessId: ownerOf(request).businessId, kind, itemId: itemIdOf(query), query }));
      });
      route(app, admin.generatePrivateLink, async (request, reply) => {
        const { body: input } = request;
        const created = await generatePrivateLink(ctx, { businessId: ownerOf(request).businessId, kind, itemId: itemIdOf(input), input });
        return reply.status(201).send(ok(created, privateLinkTexts.created));
      });
      route(app, admin.updatePrivateLink, async (request) => {
        const { id, ...input } = request.body;
        return ok(await updatePrivateLink(ctx, { businessId: ownerOf(request).businessId, kind, id, input }), privateLinkTexts.updated);
      });
      route(app, admin.deletePrivateLink, async (request) => {
        const { id } = request.body;
        const result = await deletePrivateLinks(ctx, { businessId: ownerOf(request).businessId, kind, id, itemId: itemIdOf(request.body) });
        return ok(result, id ? privateLinkTexts.deleted : privateLinkTexts.deletedAll);
      });
    }

    // ---- visitors ----
    for (const kind of ['product', 'catalogue'] as const) {
      const pub = kind === 'product' ? endpoints.publicProducts : endpoints.publicCatalogues;
      route(app, pub.privateLinkVisits, { config: countLimit }, async (request) => {
        const { businessName, privateLink: code } = request.body;
        const userAgent = request.headers['user-agent'];
        return ok(await recordPrivateLinkVisit(ctx, { kind, businessName, code, userAgent }), privateLinkTexts.visitRecorded);
      });
      route(app, pub.updatePrivateLink, { config: countLimit }, async (request, reply) => {
        const { businessName, privateLink: code, fingerPrint } = request.body;
        const visitor = device(request, reply, fingerPrint);
        return ok(await markPrivateLinkViewed(ctx, { kind, businessName, code, device: visitor }), privateLinkTexts.viewed);
      });
    }
    route(app, endpoints.publicProducts.fetchPrivateLink, { config: openLimit }, async (request, reply) => {
      const { businessName, privateLink: code, fingerPrint } = request.query;
      return ok(await openPrivateProduct(ctx, { businessName, code, device: device(request, reply, fingerPrint) }));
    });
    route(app, endpoints.publicCatalogues.fetchPrivateLink, { config: openLimit }, async (request, reply) => {
      const { businessName, privateLink: code, fingerPrint } = request.query;
      return ok(await openPrivateCatalogue(ctx, { businessName, code, device: device(request, reply, fingerPrint) }));
    });
  };
}
