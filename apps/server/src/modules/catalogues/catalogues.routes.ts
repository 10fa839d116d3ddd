import { endpoints } from '@stashblog/contract/endpoints';
import { serverTexts } from '@stashblog/contract/server-texts';
import { visibilityTexts } from '@stashblog/contract/visibility-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { visitorOf } from '../visits/visits.service.ts';
import {
  createCatalogue,
  deleteCatalogue,
  fetchAllCatalogues,
  fetchCatalogue,
  fetchCatalogueProducts,
  promoteCatalogue,
  updateAllCataloguesStatus,
  updateCatalogue,
  updateCatalogueStatus,
} from './catalogues.service.ts';
import {
  fetchAllUsersCatalogues,
  fetchPublicCatalogue,
  fetchPublicCatalogueProducts,
  fetchPublicCatalogues,
  recordCatalogueVisit,
} from './public-catalogues.service.ts';

export function cataloguesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.userAdminCatalogues.create, async (request, reply) => {
      const created = await createCatalogue(ctx, { businessId: ownerOf(request).businessId, input: request.body });
      return reply.status(201).send(ok(created, visibilityTexts.created('catalogue', created.placement)));
    });

    route(app, endpoints.userAdminCatalogues.update, async (request) => {
      const { id, ...input } = request.body;
      return ok(
        { catalogue: await updateCatalogue(ctx, { businessId: ownerOf(request).businessId, id, input }) },
        serverTexts.catalogueUpdated,
      );
    });

    route(app, endpoints.userAdminCatalogues.delete, async (request) =>
      ok(await deleteCatalogue(ctx, { businessId: ownerOf(request).businessId, id: request.body.id }), serverTexts.catalogueDeleted),
    );

    route(app, endpoints.userAdminCatalogues.fetch, async (request) =>
      ok(await fetchCatalogue(ctx, { businessId: ownerOf(request).businessId, id: request.query.id }), serverTexts.fetched),
    );

    route(app, endpoints.userAdminCatalogues.fetchProducts, async (request) =>
      ok(await fetchCatalogueProducts(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );

    route(app, endpoints.userAdminCatalogues.fetchAll, async (request) =>
      ok(await fetchAllCatalogues(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );

    route(app, endpoints.userAdminCatalogues.updateStatus, async (request) => {
      const { status, message } = await updateCatalogueStatus(ctx, { businessId: ownerOf(request).businessId, id: request.body.id });
      return ok({ status }, message);
    });

    route(app, endpoints.userAdminCatalogues.updateAllStatus, async (request) => {
      const { status, message } = await updateAllCataloguesStatus(ctx, { businessId: ownerOf(request).businessId });
      return ok({ status }, message);
    });

    route(app, endpoints.userAdminCatalogues.promote, async (request) => {
      const { status, message } = await promoteCatalogue(ctx, { businessId: ownerOf(request).businessId, id: request.body.id });
      return ok({ status }, message);
    });

    route(app, endpoints.publicCatalogues.fetchAll, { compiled: true }, async (request) =>
      ok(await fetchPublicCatalogues(ctx, request.query), serverTexts.fetched),
    );

    route(app, endpoints.publicCatalogues.fetch, { compiled: true }, async (request) =>
      ok(await fetchPublicCatalogue(ctx, request.query), serverTexts.fetched),
    );

    route(app, endpoints.publicCatalogues.fetchProducts, { compiled: true }, async (request) =>
      ok(await fetchPublicCatalogueProducts(ctx, request.query), serverTexts.fetched),
    );

    route(app, endpoints.publicCatalogues.visits, async (request) =>
      ok(await recordCatalogueVisit(ctx, { ...request.body, visitor: visitorOf(request) }), serverTexts.visitRecorded),
    );

    route(app, endpoints.publicCatalogues.fetchAllUsers, { compiled: true }, async (request) =>
      ok(await fetchAllUsersCatalogues(ctx, request.query), serverTexts.fetched),
    );
  };
}
