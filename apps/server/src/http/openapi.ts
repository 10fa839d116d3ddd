import type { SwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { errorEnvelopeSchema } from '@stashblog/contract/envelope';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { securitySchemes } from './guards.ts';

// The OpenAPI document at /api/docs (Swagger UI) and /api/docs/json, built by @fastify/swagger from
// the routes. Each operation has its name, summary and session from http/register.ts and
// http/guards.ts; here the document gets its server, the session schemes, and the error envelope
// every call can answer with a 4xx (http/error-handler.ts). `npx @redocly/cli lint` with its
// recommended rules finds no error in it (issue 22).

const errorResponse = errorEnvelopeSchema.describe(
  'Refused: bad input (400), no or an expired session (401), not allowed (403), not found (404), too many requests (429). `code` is the status, `error` the message to show.',
);

// Documentation only: replies are serialised by each route's own schemas, never by this one.
const transform: SwaggerTransform = (input) => {
  const { schema } = input;
  const documented = schema && !schema.hide && input.url.startsWith('/api/');
  const withErrors = documented ? { ...schema, response: { ...(schema.response as object), '4xx': errorResponse } } : schema;
  return jsonSchemaTransform({ ...input, schema: withErrors } as Parameters<typeof jsonSchemaTransform>[0]);
};

export function openApiOptions(config: Pick<Config, 'publicUrl'>): SwaggerOptions {
  return {
    openapi: {
      info: { title: 'StashBlog API', version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes },
    },
    transform,
  };
}
