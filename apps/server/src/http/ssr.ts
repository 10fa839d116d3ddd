import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppContext } from '../app-context.ts';
import { hashInlineScripts, newCspNonce, pagePolicy, permissionsPolicy } from './content-security-policy.ts';
import { createPageServices, type PageLoadContext, type PageServices } from './page-load-context.ts';
import { nonceCacheControl, type PublicCache } from './public-cache.ts';

// Our own Fastify ↔ Web Request/Response adapter for the React Router build (docs/decisions/002-ssr-adapter.md).
// Registered last: it answers every page path that no API route claimed.

const immutable = 'public, max-age=31536000, immutable';
const shortCache = 'public, max-age=300';
const notPages = ['/api/', '/media/', '/assets/'];

type RequestHandler = ReturnType<typeof createRequestHandler>;
type Policy = ReturnType<typeof pagePolicy>;

export async function loadWebBuild(ctx: AppContext): Promise<ServerBuild | null> {
  const file = path.join(ctx.config.webBuildDir, 'server/index.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

/** Serves build/client and renders pages; without a web build it registers nothing (API-only, as in server tests). */
export function ssrRoutes(ctx: AppContext, cache?: PublicCache) {
  return async function ssr(app: FastifyInstance) {
    const build = await loadWebBuild(ctx);
    if (!build) {
      app.log.warn(`no web build in ${ctx.config.webBuildDir}; pages are not served (run \`npm run build\`)`);
      return;
    }
    const clientDir = path.join(ctx.config.webBuildDir, 'client');
    // Hashed file names: a changed file gets a new name, so browsers may keep these for a year.
    await app.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', immutable),
    });
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      globIgnore: ['assets/**'],
      decorateReply: false,
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', shortCache),
    });

    // React Router actions read the raw body themselves (forms, JSON, multipart).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const handle = createRequestHandler(build, 'production');
    const services = createPageServices(ctx);
    const policy = pagePolicy(ctx.config);
    const nonces = new WeakMap<FastifyRequest, string>();
    app.route({
      method: ['GET', 'POST'],
      url: '/*',
      schema: { hide: true },
      handler: (request, reply) => {
        const nonce = newCspNonce();
        nonces.set(request, nonce);
        return renderPage(handle, ctx, services, request, reply, nonce, policy, cache);
      },
      // Every HTML page gets the policy with its own nonce, and no shared cache may keep it, unless
      // it is a page of the public cache, which came with its own hash-based policy (decision 022).
      // A 304 gets none: the browser keeps the page it has with the policy that came with it (a new
      // nonce would block that page's scripts).
      onSend: async (request, reply, payload) => {
        const nonce = nonces.get(request);
        const html = String(reply.getHeader('content-type')).startsWith('text/html');
        if (nonce && html && reply.statusCode !== 304 && !reply.hasHeader('content-security-policy')) {
          reply.header('content-security-policy', policy({ nonce })).header('permissions-policy', permissionsPolicy);
          if (!/no-store/.test(String(reply.getHeader('cache-control') ?? ''))) reply.header('cache-control', nonceCacheControl);
        }
        return payload;
      },
    });
  };
}

async function renderPage(
  handle: RequestHandler,
  ctx: AppContext,
  services: PageServices,
  request: FastifyRequest,
  reply: FastifyReply,
  nonce: string,
  policy: Policy,
  cache?: PublicCache,
) {
  const pathname = request.url.split('?')[0];
  if (notPages.some((p) => pathname.startsWith(p))) return reply.callNotFound();
  // Anonymous storefront pages come from the public cache while the business's content is unchanged,
  // byte for byte with the policy they were stored with, so a CDN may keep them too (decision 022).
  const ticket = cache ? await cache.pageTicket(request) : null;
  if (ticket && cache?.serve(ticket, request, reply)) return reply;
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const loadContext: PageLoadContext = { services, tenant: request.tenant ?? null, publicUrl: ctx.config.publicUrl, cspNonce: nonce };
  const response = await handle(toWebRequest(ctx, request, controller.signal), loadContext);
  if (ticket && cache && response.status === 200 && response.body && !response.headers.has('set-cookie')) {
    const body = Buffer.from(await response.arrayBuffer());
    reply.status(200);
    for (const [name, value] of response.headers) if (name !== 'cache-control' && name !== 'content-length') reply.header(name, value);
    const contentType = response.headers.get('content-type') ?? 'text/html; charset=utf-8';
    // a .data load has no scripts and no policy
    if (!contentType.startsWith('text/html')) {
      cache.store(ticket, reply, body, contentType);
      return reply.send(body);
    }
    // The whole page is rendered (streamed data included): its nonce goes, its scripts' hashes come.
    const shared = hashInlineScripts(body.toString('utf8'), nonce);
    if (!shared) return reply.send(body);
    const page = Buffer.from(shared.html);
    const headers = { 'content-security-policy': policy({ hashes: shared.hashes }), 'permissions-policy': permissionsPolicy };
    cache.store(ticket, reply, page, contentType, headers);
    return reply.send(page);
  }
  return sendWebResponse(reply, response);
}

function toWebRequest(ctx: AppContext, request: FastifyRequest, signal: AbortSignal): Request {
  const origin = `${request.protocol}://${request.host || new URL(ctx.config.publicUrl).host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
  });
}

function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body || reply.request.method === 'HEAD') return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
