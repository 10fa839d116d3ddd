import { endpoints } from '@stashblog/contract/endpoints';
import { serverTexts } from '@stashblog/contract/server-texts';
import { visibilityTexts } from '@stashblog/contract/visibility-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok, okJson, sendJsonText } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { visitorOf } from '../visits/visits.service.ts';
import {
  createProduct,
  deleteProduct,
  fetchDirectoryProducts,
  fetchProduct,
  fetchProductCategories,
  fetchProductSuggestions,
  fetchProducts,
  fetchPublicProduct,
  fetchPublicProductsJson,
  recordProductVisit,
  toggleAllProductsStatus,
  toggleProductPromotion,
  toggleProductStatus,
  updateProduct,
} from './products.service.ts';

const admin = endpoints.userAdminProducts;
const pub = endpoints.publicProducts;

export function productsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // hot public reads: compiled serialisation from the contract's schema (decision 021)
    const compiled = { compiled: true };

    route(app, admin.create, async (request, reply) => {
      const created = await createProduct(ctx, { businessId: ownerOf(request).businessId, input: request.body });
      return reply.status(201).send(ok(created, visibilityTexts.created('product', created.placement)));
    });

    route(app, admin.update, async (request) => {
      const { id, ...input } = request.body;
      return ok(await updateProduct(ctx, { businessId: ownerOf(request).businessId, id, input }), serverTexts.productUpdated);
    });

    route(app, admin.fetch, async (request) =>
      ok({ product: await fetchProduct(ctx, { businessId: ownerOf(request).businessId, id: request.query.id }) }, serverTexts.fetched),
    );

    route(app, admin.delete, async (request) =>
      ok(await deleteProduct(ctx, { businessId: ownerOf(request).businessId, id: request.body.id }), serverTexts.productDeleted),
    );

    route(app, admin.fetchAll, async (request) =>
      ok(await fetchProducts(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );

    route(app, admin.fetchCategories, async (request) =>
      ok(await fetchProductCategories(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );

    route(app, admin.updateStatus, async (request) => {
      const result = await toggleProductStatus(ctx, { businessId: ownerOf(request).businessId, id: request.body.id });
      return ok(result, result.status ? serverTexts.productPublic : serverTexts.productPrivate);
    });

    route(app, admin.promote, async (request) => {
      const result = await toggleProductPromotion(ctx, { businessId: ownerOf(request).businessId, id: request.body.id });
      return ok(result, result.status ? serverTexts.productPromoted : serverTexts.productDemoted);
    });

    route(app, admin.updateAllStatus, async (request) => {
      const result = await toggleAllProductsStatus(ctx, { businessId: ownerOf(request).businessId });
      return ok(result, result.status ? serverTexts.allProductsActive : serverTexts.allProductsInactive);
    });

    route(app, pub.fetch, compiled, async (request) => ok({ product: await fetchPublicProduct(ctx, request.query) }, serverTexts.fetched));

    // sent as the JSON PostgreSQL wrote (decision 025); the schema still documents it
    route(app, pub.fetchAll, async (request, reply) => {
      const { productsJson, count } = await fetchPublicProductsJson(ctx, { query: request.query });
      return sendJsonText(reply, okJson(`{"products":${productsJson},"count":${count}}`, serverTexts.fetched));
    });

    route(app, pub.fetchSuggestions, compiled, async (request) =>
      ok(await fetchProductSuggestions(ctx, { query: request.query }), serverTexts.fetched),
    );

    route(app, pub.visits, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request) =>
      ok(await recordProductVisit(ctx, { ...request.body, visitor: visitorOf(request) }), serverTexts.visitRecorded),
    );

    route(app, pub.fetchAllUsers, compiled, async (request) =>
      ok(await fetchDirectoryProducts(ctx, { query: request.query }), serverTexts.fetched),
    );
  };
}
