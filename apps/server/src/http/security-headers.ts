import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// Pages get their Content-Security-Policy (a per-response nonce, or script hashes on pages shared
// through caches) and Permissions-Policy from the SSR adapter (http/ssr.ts, docs/decisions/018 and
// 022), not from helmet.
const options: HelmetOptions = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false };

/** The headers a response carries, by the request's scheme. */
export type SecurityHeaders = (request: FastifyRequest) => Record<string, string>;

/**
 * The headers helmet sets with `options`, read once. Strict-Transport-Security goes only on answers
 * to HTTPS requests (`request.protocol`, which TRUST_PROXY decides: a trusted proxy's
 * X-Forwarded-Proto, else the socket): over plain HTTP it means nothing to a browser (RFC 6797 §7.2)
 * and tells a visitor on a custom domain without a certificate yet to never come back over HTTP. With these options none depends on the request,
 * and @fastify/helmet ran helmet's chain of twelve middlewares on every response, each setting its
 * header through Node's validating `setHeader`: a fifth of a cached public read's CPU (decision 031).
 */
export function helmetHeaders(): SecurityHeaders {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {
    done = true;
  });
  // helmet runs its middlewares synchronously; if a version ever did not, start-up fails here
  if (!done) throw new Error('helmet did not finish synchronously');
  const https = { ...headers };
  delete headers['strict-transport-security'];
  const http = headers;
  return (request) => (request.protocol === 'https' ? https : http);
}

/** Every response carries helmet's headers (`helmetHeaders()`), set from one object read at start-up. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers(request));
    done();
  });
}
