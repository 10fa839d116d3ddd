import { envelopeSchema } from '@stashblog/contract/envelope';
import { limits } from '@stashblog/contract/limits';
import { mediaFileRouteParams, proxyQuery, uploadedImage, uploadParams, uploadQuery } from '@stashblog/contract/media';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { acceptUpload, completeUpload, proxyMedia, type readMediaFile, serveMediaFile } from './media.service.ts';

// A little headroom over the image limit, so the exact-limit check (and its message) is the service's.
const uploadBodyLimit = limits.uploadMaxBytes + 64 * 1024;

function sendFile(reply: FastifyReply, file: NonNullable<Awaited<ReturnType<typeof readMediaFile>>>, cacheControl: string) {
  return reply.header('cache-control', cacheControl).header('content-length', file.size).type(file.contentType).send(file.body);
}

// The OpenAPI entries of these routes (registered here, not from the endpoint table): none needs a
// session (an upload's signed url is its credential).
const openCall = (operationId: string, summary: string) => ({ tags: ['media'], operationId, summary, security: [] });
const uploaded = { 200: envelopeSchema(uploadedImage) };

export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Upload bodies are raw bytes whatever Content-Type the browser claims; the service judges the
    // content itself. This plugin is encapsulated, so the JSON parser elsewhere is untouched.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: uploadBodyLimit }, (_request, body, done) => done(null, body));
    app.setErrorHandler((err: Error & { code?: string }) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw AppError.tooLarge(serverTexts.uploadTooLarge);
      throw err; // the app's error handler answers everything else
    });

    // The signed url is the whole credential (no cookie, no token), so any origin may PUT to it,
    // as to an S3 bucket with a CORS rule: the admin on another own host or a custom domain, an app.
    // The same holds for the S3 flow's signed completeUrl (decision 015).
    const preflight = (methods: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', methods)
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '3600')
        .send();
    const anyOrigin = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      reply.header('access-control-allow-origin', '*');
      return payload;
    };
    app.options('/api/media/upload/:mediaId', { schema: { hide: true } }, preflight('PUT'));
    app.options('/api/media/complete/:mediaId', { schema: { hide: true } }, preflight('POST'));

    app.put(
      '/api/media/upload/:mediaId',
      {
        bodyLimit: uploadBodyLimit,
        onSend: anyOrigin,
        schema: { ...openCall('media.upload', 'Upload an image'), params: uploadParams, querystring: uploadQuery, response: uploaded },
      },
      async (request) =>
        ok(await acceptUpload(ctx, { mediaId: request.params.mediaId, ...request.query, body: request.body }), serverTexts.imageUploaded),
    );

    app.post(
      '/api/media/complete/:mediaId',
      {
        onSend: anyOrigin,
        schema: {
          ...openCall('media.complete', 'Complete an upload'),
          params: uploadParams,
          querystring: uploadQuery,
          response: uploaded,
        },
      },
      async (request) => ok(await completeUpload(ctx, { mediaId: request.params.mediaId, ...request.query }), serverTexts.imageUploaded),
    );

    app.get('/media/:mediaId/:file', { schema: { hide: true, params: mediaFileRouteParams } }, async (request, reply) => {
      const file = await serveMediaFile(ctx, request.params);
      if (!file) throw AppError.notFound();
      // A width not made yet points at the JPEG for a minute (its job is seconds away); the public
      // base (S3_PUBLIC_URL) may move, so a redirect there is kept a day, not for ever.
      if ('redirect' in file)
        return reply.header('cache-control', `public, max-age=${file.temporary ? 60 : 86400}`).redirect(file.redirect, 302);
      // A media id never changes content: a new upload is a new id.
      return sendFile(reply, file, 'public, max-age=31536000, immutable');
    });

    app.get(
      '/api/media/proxy',
      { schema: { ...openCall('media.proxy', 'One of our own images through this host'), querystring: proxyQuery } },
      async (request, reply) => sendFile(reply, await proxyMedia(ctx, request.query), 'private, max-age=3600'),
    );
  };
}
