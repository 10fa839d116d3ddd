import { envelopeSchema } from '@stashblog/contract/envelope';
import {
  adminFetchAllQuery,
  categoriesPayload,
  createProductResult,
  deletedPayload,
  fetchAllUsersQuery,
  fetchCategoriesQuery,
  fetchSuggestionsQuery,
  idBody,
  productInput,
  productList,
  productPayload,
  publicFetchAllQuery,
  publicFetchQuery,
  statusPayload,
  suggestionsPayload,
  updateProductBody,
  updateProductResult,
  visitsBody,
} from '@stashblog/contract/products';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { compiledSerializer } from '../../http/compiled-serializer.ts';
import { ok, okJson, sendJsonText } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
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

const admin = '/api/userAdmin/products';
const pub = '/api/public/products';

export function productsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['products'];
    // hot public reads: compiled serialisation from the contract's schema (decision 021)
    const compiled = { serializerCompiler: compiledSerializer };

    app.post(
      `${admin}/create`,
      { schema: { tags, body: productInput, response: { 201: envelopeSchema(createProductResult) } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(ok(await createProduct(ctx, { businessId: ownerOf(request).businessId, input: request.body }), serverTexts.productCreated)),
    );

    app.put(
      `${admin}/update`,
      { schema: { tags, body: updateProductBody, response: { 200: envelopeSchema(updateProductResult) } } },
      async (request) => {
        const { id, ...input } = request.body;
        return ok(await updateProduct(ctx, { businessId: ownerOf(request).businessId, id, input }), serverTexts.productUpdated);
      },
    );

    app.get(
      `${admin}/fetch`,
      { schema: { tags, querystring: idBody, response: { 200: envelopeSchema(productPayload) } } },
      async (request) =>
        ok({ product: await fetchProduct(ctx, { businessId: ownerOf(request).businessId, id: request.query.id }) }, serverTexts.fetched),
    );

    app.delete(`${admin}/delete`, { schema: { tags, body: idBody, response: { 200: envelopeSchema(deletedPayload) } } }, async (request) =>
      ok(await deleteProduct(ctx, { businessId: ownerOf(request).businessId, id: request.body.id }), serverTexts.productDeleted),
    );

    app.get(
      `${admin}/fetchAll`,
      { schema: { tags, querystring: adminFetchAllQuery, response: { 200: envelopeSchema(productList) } } },
      async (request) =>
        ok(await fetchProducts(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );

    app.get(
      `${admin}/fetchCategories`,
      { schema: { tags, querystring: fetchCategoriesQuery, response: { 200: envelopeSchema(categoriesPayload) } } },
      async (request) =>
        ok(await fetchProductCategories(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );

    app.put(
      `${admin}/updateStatus`,
      { schema: { tags, body: idBody, response: { 200: envelopeSchema(statusPayload) } } },
      async (request) => {
        const result = await toggleProductStatus(ctx, { businessId: ownerOf(request).businessId, id: request.body.id });
        return ok(result, result.status ? serverTexts.productPublic : serverTexts.productPrivate);
      },
    );

    app.put(`${admin}/promote`, { schema: { tags, body: idBody, response: { 200: envelopeSchema(statusPayload) } } }, async (request) => {
      const result = await toggleProductPromotion(ctx, { businessId: ownerOf(request).businessId, id: request.body.id });
      return ok(result, result.status ? serverTexts.productPromoted : serverTexts.productDemoted);
    });

    app.put(`${admin}/updateAllStatus`, { schema: { tags, response: { 200: envelopeSchema(statusPayload) } } }, async (request) => {
      const result = await toggleAllProductsStatus(ctx, { businessId: ownerOf(request).businessId });
      return ok(result, result.status ? serverTexts.allProductsActive : serverTexts.allProductsInactive);
    });

    app.get(
      `${pub}/fetch`,
      { schema: { tags, querystring: publicFetchQuery, response: { 200: envelopeSchema(productPayload) } }, ...compiled },
      async (request) => ok({ product: await fetchPublicProduct(ctx, request.query) }, serverTexts.fetched),
    );

    app.get(
      `${pub}/fetchAll`,
      // sent as the JSON PostgreSQL wrote (decision 025); the schema still documents it
      { schema: { tags, querystring: publicFetchAllQuery, response: { 200: envelopeSchema(productList) } } },
      async (request, reply) => {
        const { productsJson, count } = await fetchPublicProductsJson(ctx, { query: request.query });
        return sendJsonText(reply, okJson(`{"products":${productsJson},"count":${count}}`, serverTexts.fetched));
      },
    );

    app.get(
      `${pub}/fetchSuggestions`,
      { schema: { tags, querystring: fetchSuggestionsQuery, response: { 200: envelopeSchema(suggestionsPayload) } }, ...compiled },
      async (request) => ok(await fetchProductSuggestions(ctx, { query: request.query }), serverTexts.fetched),
    );

    app.put(
      `${pub}/visits`,
      {
        schema: { tags, body: visitsBody, response: { 200: envelopeSchema(z.object({ counted: z.boolean() })) } },
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      },
      async (request) => ok(await recordProductVisit(ctx, { ...request.body, visitor: visitorOf(request) }), serverTexts.visitRecorded),
    );

    app.get(
      `${pub}/fetchAllUsers`,
      { schema: { tags, querystring: fetchAllUsersQuery, response: { 200: envelopeSchema(productList) } }, ...compiled },
      async (request) => ok(await fetchDirectoryProducts(ctx, { query: request.query }), serverTexts.fetched),
    );
  };
}
