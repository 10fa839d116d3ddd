import {
  adminFetchAllCataloguesQuery,
  adminFetchCatalogueProductsQuery,
  catalogueDeletedPayload,
  catalogueIdBody,
  catalogueInput,
  catalogueList,
  cataloguePayload,
  catalogueProductList,
  catalogueStatusPayload,
  catalogueVisitsBody,
  fetchAllUsersCataloguesQuery,
  publicFetchAllCataloguesQuery,
  publicFetchCatalogueProductsQuery,
  publicFetchCatalogueQuery,
  updateCatalogueBody,
} from '@stashblog/contract/catalogues';
import { envelopeSchema } from '@stashblog/contract/envelope';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { compiledSerializer } from '../../http/compiled-serializer.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
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

const admin = '/api/userAdmin/catalogues';
const pub = '/api/public/catalogues';

export function cataloguesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const owner = { tags: ['catalogues (owner)'] };

    app.post(
      `${admin}/create`,
      { schema: { ...owner, body: catalogueInput, response: { 201: envelopeSchema(cataloguePayload) } } },
      async (request, reply) => {
        const catalogue = await createCatalogue(ctx, { businessId: ownerOf(request).businessId, input: request.body });
        return reply.status(201).send(ok({ catalogue }, serverTexts.catalogueCreated));
      },
    );

    app.put(
      `${admin}/update`,
      { schema: { ...owner, body: updateCatalogueBody, response: { 200: envelopeSchema(cataloguePayload) } } },
      async (request) => {
        const { id, ...input } = request.body;
        return ok(
          { catalogue: await updateCatalogue(ctx, { businessId: ownerOf(request).businessId, id, input }) },
          serverTexts.catalogueUpdated,
        );
      },
    );

    app.delete(
      `${admin}/delete`,
      { schema: { ...owner, body: catalogueIdBody, response: { 200: envelopeSchema(catalogueDeletedPayload) } } },
      async (request) =>
        ok(await deleteCatalogue(ctx, { businessId: ownerOf(request).businessId, id: request.body.id }), serverTexts.catalogueDeleted),
    );

    app.get(
      `${admin}/fetch`,
      { schema: { ...owner, querystring: catalogueIdBody, response: { 200: envelopeSchema(cataloguePayload) } } },
      async (request) =>
        ok(await fetchCatalogue(ctx, { businessId: ownerOf(request).businessId, id: request.query.id }), serverTexts.fetched),
    );

    app.get(
      `${admin}/fetchProducts`,
      {
        schema: { ...owner, querystring: adminFetchCatalogueProductsQuery, response: { 200: envelopeSchema(catalogueProductList) } },
      },
      async (request) =>
        ok(await fetchCatalogueProducts(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );

    app.get(
      `${admin}/fetchAll`,
      { schema: { ...owner, querystring: adminFetchAllCataloguesQuery, response: { 200: envelopeSchema(catalogueList) } } },
      async (request) =>
        ok(await fetchAllCatalogues(ctx, { businessId: ownerOf(request).businessId, query: request.query }), serverTexts.fetched),
    );

    app.put(
      `${admin}/updateStatus`,
      { schema: { ...owner, body: catalogueIdBody, response: { 200: envelopeSchema(catalogueStatusPayload) } } },
      async (request) => {
        const { status, message } = await updateCatalogueStatus(ctx, { businessId: ownerOf(request).businessId, id: request.body.id });
        return ok({ status }, message);
      },
    );

    app.put(
      `${admin}/updateAllStatus`,
      { schema: { ...owner, response: { 200: envelopeSchema(catalogueStatusPayload) } } },
      async (request) => {
        const { status, message } = await updateAllCataloguesStatus(ctx, { businessId: ownerOf(request).businessId });
        return ok({ status }, message);
      },
    );

    app.put(
      `${admin}/promote`,
      { schema: { ...owner, body: catalogueIdBody, response: { 200: envelopeSchema(catalogueStatusPayload) } } },
      async (request) => {
        const { status, message } = await promoteCatalogue(ctx, { businessId: ownerOf(request).businessId, id: request.body.id });
        return ok({ status }, message);
      },
    );

    const visitor = { tags: ['catalogues (public)'] };
    // hot public reads: compiled serialisation from the contract's schema (decision 021)
    const compiled = { serializerCompiler: compiledSerializer };

    app.get(
      `${pub}/fetchAll`,
      { schema: { ...visitor, querystring: publicFetchAllCataloguesQuery, response: { 200: envelopeSchema(catalogueList) } }, ...compiled },
      async (request) => ok(await fetchPublicCatalogues(ctx, request.query), serverTexts.fetched),
    );

    app.get(
      `${pub}/fetch`,
      { schema: { ...visitor, querystring: publicFetchCatalogueQuery, response: { 200: envelopeSchema(cataloguePayload) } }, ...compiled },
      async (request) => ok(await fetchPublicCatalogue(ctx, request.query), serverTexts.fetched),
    );

    app.get(
      `${pub}/fetchProducts`,
      {
        schema: { ...visitor, querystring: publicFetchCatalogueProductsQuery, response: { 200: envelopeSchema(catalogueProductList) } },
        ...compiled,
      },
      async (request) => ok(await fetchPublicCatalogueProducts(ctx, request.query), serverTexts.fetched),
    );

    app.put(
      `${pub}/visits`,
      { schema: { ...visitor, body: catalogueVisitsBody, response: { 200: envelopeSchema(z.object({ counted: z.boolean() })) } } },
      async (request) => ok(await recordCatalogueVisit(ctx, { ...request.body, visitor: visitorOf(request) }), serverTexts.visitRecorded),
    );

    app.get(
      `${pub}/fetchAllUsers`,
      { schema: { ...visitor, querystring: fetchAllUsersCataloguesQuery, response: { 200: envelopeSchema(catalogueList) } }, ...compiled },
      async (request) => ok(await fetchAllUsersCatalogues(ctx, request.query), serverTexts.fetched),
    );
  };
}
