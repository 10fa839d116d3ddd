import { endpoints } from '@stashblog/contract/endpoints';
import { importLimits, importTexts } from '@stashblog/contract/product-transfer-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { exportProducts } from './product-export.service.ts';
import { fetchImport, previewImport, startImport, uploadImportZip } from './product-import.service.ts';

const admin = endpoints.userAdminProducts;

// The file travels base64 in JSON: about 4/3 of its bytes, and the JSON around it.
const previewBodyLimit = Math.ceil((importLimits.maxFileBytes * 4) / 3) + 64 * 1024;
// The ZIP travels raw (decision 062): one buffer of its bytes, with headroom so the exact-limit check (and its text) is the service's.
const zipBodyLimit = importLimits.zipMaxBytes + 64 * 1024;

export function productTransferRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // This plugin is encapsulated: the ZIP parser and this handler reach only the import routes.
    app.addContentTypeParser('application/zip', { parseAs: 'buffer', bodyLimit: zipBodyLimit }, (_request, body, done) => done(null, body));
    app.setErrorHandler((err: Error & { code?: string }, request) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.url.includes(admin.uploadImportZip.path))
        throw AppError.tooLarge(importTexts.zipTooLarge);
      throw err; // the app's error handler answers everything else
    });
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
    route(app, admin.uploadImportZip, { bodyLimit: zipBodyLimit }, async (request) =>
      ok(
        await uploadImportZip(ctx, { businessId: ownerOf(request).businessId, fileName: request.query.fileName, body: request.body }),
        importTexts.zipUploaded,
      ),
    );
    route(app, admin.fetchImport, async (request) =>
      ok(await fetchImport(ctx, { businessId: ownerOf(request).businessId, id: request.query.id }), importTexts.fetched),
    );
  };
}
