import { endpointSchemas } from '@stashblog/contract/endpoint-schemas';
import { type Endpoint, type EndpointSchemas, endpoints, type SchemasOf } from '@stashblog/contract/endpoints';
import type { Envelope } from '@stashblog/contract/envelope';
import { envelopeSchema } from '@stashblog/contract/envelope';
import { apiBase } from '@stashblog/contract/paths';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { compiledSerializer } from './compiled-serializer.ts';

// Routes from the contract's endpoint table (packages/contract/src/endpoints.ts): one call per
// endpoint, which takes its method, url, schemas and session from the contract. The input schema
// validates the query of a GET and the body of any other method; the payload schema serialises the
// envelope of a 2xx answer; `auth` goes into the route's config, where the guards read it
// (http/guards.ts, which also refuses at start-up a session-prefixed route that skipped this).

type AnyEndpoint = Endpoint<unknown>;
type Parsed<E extends AnyEndpoint> = SchemasOf<E> extends { input: infer I extends z.ZodType } ? z.output<I> : undefined;
type ParsedQuery<E extends AnyEndpoint> = SchemasOf<E> extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
type RequestOf<E extends AnyEndpoint> = E['method'] extends 'GET'
  ? FastifyRequest<{ Querystring: Parsed<E> }>
  : SchemasOf<E> extends { body: string }
    ? FastifyRequest<{ Body: unknown; Querystring: ParsedQuery<E> }>
    : FastifyRequest<{ Body: Parsed<E> }>;
/** What a handler answers: the envelope around the endpoint's payload, or the reply it sent itself. */
type AnswerOf<E extends AnyEndpoint> =
  SchemasOf<E> extends { payload: infer P extends z.ZodType }
    ? Envelope<z.input<P>> | FastifyReply
    : SchemasOf<E> extends { raw: z.ZodType }
      ? FastifyReply
      : Envelope<null> | FastifyReply;
type Handler<E extends AnyEndpoint> = (request: RequestOf<E>, reply: FastifyReply) => Promise<AnswerOf<E>>;

/** Route options beyond the contract's: rate limits, hooks, body limits, and the compiled serialiser. */
export type RouteExtras = Pick<RouteOptions, 'bodyLimit' | 'onSend'> & {
  config?: FastifyContextConfig;
  /** Hot public reads: fast-json-stringify from the payload schema (decision 021). */
  compiled?: boolean;
};

type Entry = { schemas: EndpointSchemas; operationId: string; summary: string };
const entryByEndpoint = new Map<AnyEndpoint, Entry>();
for (const [group, calls] of Object.entries(endpoints)) {
  for (const [name, endpoint] of Object.entries(calls)) {
    entryByEndpoint.set(endpoint, {
      schemas: (endpointSchemas as Record<string, Record<string, EndpointSchemas>>)[group][name],
      // the OpenAPI operation: the table's own name ('userAdminProducts.fetch'), its key in words ('Fetch all')
      operationId: `${group}.${name}`,
      summary: name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`).replace(/^./, (c) => c.toUpperCase()),
    });
  }
}

/** Registers the route of one endpoint; its handler gets the parsed input and answers its payload's envelope. */
export function route<E extends AnyEndpoint>(app: FastifyInstance, endpoint: E, ...args: [Handler<E>] | [RouteExtras, Handler<E>]) {
  const [extras, handler] = args.length === 1 ? [{} as RouteExtras, args[0]] : args;
  const entry = entryByEndpoint.get(endpoint);
  if (!entry) throw new Error(`${endpoint.method} ${endpoint.path} is not an endpoint of the contract`);
  const { schemas, operationId, summary } = entry;
  const { compiled, config, ...rest } = extras;
  const response = schemas.raw ? { 200: schemas.raw } : schemas.payload ? { '2xx': envelopeSchema(schemas.payload) } : undefined;
  const input = schemas.input && (endpoint.method === 'GET' ? { querystring: schemas.input } : { body: schemas.input });
  // A raw body (a ZIP): its content type for the OpenAPI entry; the route's parser reads it, its service judges it.
  const raw = schemas.body && { consumes: [schemas.body], body: z.any().describe(schemas.body) };
  const query = schemas.query && { querystring: schemas.query };
  app.route({
    ...rest,
    method: endpoint.method,
    url: `${apiBase}${endpoint.path}`,
    schema: {
      tags: [endpoint.path.slice(1, endpoint.path.lastIndexOf('/'))],
      operationId,
      summary,
      // a public call needs no session (a guarded one gets its scheme from http/guards.ts)
      ...(endpoint.auth === 'public' && { security: [] }),
      ...input,
      ...raw,
      ...query,
      ...(response && { response }),
    },
    config: { ...config, auth: endpoint.auth },
    ...(compiled && { serializerCompiler: compiledSerializer }),
    handler: handler as RouteOptions['handler'],
  });
}
