import { endpoints } from '@stashblog/contract/endpoints';
import { serverMessages } from '@stashblog/contract/messages';
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
      const catalogue = await createCatalogue(ctx, { owner: ownerOf(request), input: request.body });
      return reply.status(201).send(ok({ catalogue }, serverMessages.catalogueCreated));
    });

    route(app, endpoints.userAdminCatalogues.update, async (request) => {
      const { id, ...input } = request.body;
      return ok({ catalogue: await updateCatalogue(ctx, { owner: ownerOf(request), id, input }) }, serverMessages.catalogueUpdated);
    });

    route(app, endpoints.userAdminCatalogues.delete, async (request) =>
      ok(await deleteCatalogue(ctx, { owner: ownerOf(request), id: request.body.id }), serverMessages.catalogueDeleted),
    );

    route(app, endpoints.userAdminCatalogues.fetch, async (request) =>
      ok(await fetchCatalogue(ctx, { owner: ownerOf(request), id: request.query.id }), serverMessages.fetched),
    );

    route(app, endpoints.userAdminCatalogues.fetchProducts, async (request) =>
      ok(await fetchCatalogueProducts(ctx, { owner: ownerOf(request), query: request.query }), serverMessages.fetched),
    );

    route(app, endpoints.userAdminCatalogues.fetchAll, async (request) =>
      ok(await fetchAllCatalogues(ctx, { owner: ownerOf(request), query: request.query }), serverMessages.fetched),
    );

    route(app, endpoints.userAdminCatalogues.updateStatus, async (request) => {
      const { status, message } = await updateCatalogueStatus(ctx, { owner: ownerOf(request), id: request.body.id });
      return ok({ status }, message);
    });

    route(app, endpoints.userAdminCatalogues.updateAllStatus, async (request) => {
      const { status, message } = await updateAllCataloguesStatus(ctx, { owner: ownerOf(request) });
      return ok({ status }, message);
    });

    route(app, endpoints.userAdminCatalogues.promote, async (request) => {
      const { status, message } = await promoteCatalogue(ctx, { owner: ownerOf(request), id: request.body.id });
      return ok({ status }, message);
    });

    route(app, endpoints.publicCatalogues.fetchAll, { compiled: true }, async (request) =>
      ok(await fetchPublicCatalogues(ctx, request.query), serverMessages.fetched),
    );

    route(app, endpoints.publicCatalogues.fetch, { compiled: true }, async (request) =>
      ok(await fetchPublicCatalogue(ctx, request.query), serverMessages.fetched),
    );

    route(app, endpoints.publicCatalogues.fetchProducts, { compiled: true }, async (request) =>
      ok(await fetchPublicCatalogueProducts(ctx, request.query), serverMessages.fetched),
    );

    route(app, endpoints.publicCatalogues.visits, async (request) =>
      ok(await recordCatalogueVisit(ctx, { ...request.body, visitor: visitorOf(request) }), serverMessages.visitRecorded),
    );

    route(app, endpoints.publicCatalogues.fetchAllUsers, { compiled: true }, async (request) =>
      ok(await fetchAllUsersCatalogues(ctx, request.query), serverMessages.fetched),
    );
  };
}
