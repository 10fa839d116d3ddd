import { endpoints } from '@stashblog/contract/endpoints';
import { importLimits, importTexts } from '@stashblog/contract/product-transfer-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { exportProducts } from './product-export.service.ts';
import { fetchImport, previewImport, startImport } from './product-import.service.ts';

const admin = endpoints.userAdminProducts;

// The file travels base64 in JSON: about 4/3 of its bytes, and the JSON around it.
const previewBodyLimit = Math.ceil((importLimits.maxFileBytes * 4) / 3) + 64 * 1024;

export function productTransferRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, admin.exportProducts, async (request, reply) => {
      const file = await exportProducts(ctx, { businessId: ownerOf(request).businessId, query: request.query });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    });
    route(app, admin.previewImport, { bodyLimit: previewBodyLimit }, async (request) =>
      ok(await previewImport(ctx, { businessId: ownerOf(request).businessId, input: request.body }), importTexts.previewed),
    );
    route(app, admin.startImport, async (request) =>
      ok(await startImport(ctx, { businessId: ownerOf(request).businessId, id: request.body.id }), importTexts.started),
    );
    route(app, admin.fetchImport, async (request) =>
      ok(await fetchImport(ctx, { businessId: ownerOf(request).businessId, id: request.query.id }), importTexts.fetched),
    );
  };
}
