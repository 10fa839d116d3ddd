import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { fail } from './envelope.ts';

// The one error handler: AppError → its status and text; schema validation → 400 with the first
// issue's text (the SPEC message); Fastify's own client errors keep their 4xx; the rest → 500
// without internals.
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send(fail(err.status, err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      return reply.status(400).send(fail(400, first?.message ?? 'Invalid request'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(fail(status, err.message));
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(500, serverTexts.internal));
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(fail(404, serverTexts.notFound));
  });
}
