import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

// Compiled response serialisation for hot reads (docs/decisions/021-hot-public-reads.md).
// The app's default serialiser (fastify-type-provider-zod) re-checks every response with zod and
// then runs JSON.stringify over it. A route that opts in with `serializerCompiler: compiledSerializer`
// gets a fast-json-stringify function instead, built once at start-up from a JSON Schema that zod
// derives from the very contract schema the route declares: the contract stays the one source of
// the shape (same keys, same order, unknown keys dropped, a missing required key still throws).

/** The response's JSON Schema as zod derives it (output side); throws at start-up if zod cannot. */
export function responseJsonSchema(schema: unknown) {
  // a route's response schema arrives as the zod schema itself (or wrapped, as the zod type provider allows)
  const zod = schema instanceof z.ZodType ? schema : (schema as { properties?: unknown } | null)?.properties;
  if (!(zod instanceof z.ZodType)) throw new Error('compiledSerializer needs a zod response schema');
  return z.toJSONSchema(zod, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
}

// typed for any route schema: Fastify hands each status code's response schema over as `schema`
export const compiledSerializer: FastifySerializerCompiler<unknown> = ({ schema }) =>
  fastJson(responseJsonSchema(schema) as Parameters<typeof fastJson>[0]);
