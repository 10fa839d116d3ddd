import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentVersions } from '../db/content-versions.ts';
import type { SecurityHeaders } from './security-headers.ts';

// The one cache of public responses (docs/decisions/014-public-cache-and-content-version.md): public API GETs and
// anonymous storefront pages, kept in memory under (protocol, host, path + query) together with
// the business's content version at the time they were made. A write to the business bumps the
// version (in the writer's transaction, db/tenant-writes.ts), every node reads it within a poll, and the
// entry no longer matches. Responses carry an ETag (If-None-Match → 304) and a Cache-Control that
// lets a CDN keep them briefly. Never cached: anything with an authorization header, private links,
// sign-in, admin and platform paths, and any response but a plain 200 without cookies.

/** Public pages and API reads: browsers revalidate (ETag), shared caches keep them a few seconds. */
export const publicCacheControl = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';
/**
 * HTML with a CSP nonce (every page not from this cache): a shared cache would hand one nonce to
 * many visitors, so only the visitor's own browser keeps it (docs/decisions/018-content-security-policy.md).
 * Pages kept here have no nonce and go out with `publicCacheControl` (docs/decisions/022-hashed-csp-for-shared-pages.md).
 */
export const nonceCacheControl = 'private, no-cache';
/**
 * What a shared cache must tell apart: encodings, and requests with credentials, which this server
 * answers afresh and privately, so a CDN never hands a kept anonymous answer to a signed-in caller.
 */
export const publicVary = 'accept-encoding, authorization';

// Reads of one business's public data, answered the same for every anonymous visitor.
const cacheableApi =
  /^\/api\/public\/(products\/(fetch|fetchAll|fetchSuggestions)|catalogues\/(fetch|fetchAll|fetchProducts)|user\/(fetchHome|fetchAboutUs|fetchCategories))$/;
// Storefront pages below /{businessName} (own host) or / (custom domain), and their .data loads.
const cacheablePage = /^\/(home|products(\/[^/]+)?|catalogues(\/[^/]+)?|aboutus|contactus)(\.data)?\/?$/;
const neverCached = /privatelink|signin|useradmin|platform/i;

const maxBytes = 64 * 1024 * 1024;
// Entries also expire: derived figures (view counters, "new arrivals") move without a write.
const maxAgeMs = 60_000;
const compressMin = 1024;

export type CacheTicket = { key: string; businessId: string; version: number };

type Entry = CacheTicket & {
  at: number;
  contentType: string;
  etag: string;
  body: Buffer;
  /** Headers that belong to this body (a page's hash-based CSP), sent with every 200 from the entry. */
  headers: Record<string, string>;
  br?: Buffer;
  gzip?: Buffer;
  size: number;
};

export type PublicCache = {
  /** The ticket of a GET for `businessName`'s public data when its answer may be cached, else null. */
  ticket(request: FastifyRequest, businessName: string | undefined): Promise<CacheTicket | null>;
  /** For a storefront page request: its ticket when the answer may be cached, else null. */
  pageTicket(request: FastifyRequest): Promise<CacheTicket | null>;
  /** `ticket` without a promise, when this node holds the business's version in memory; else null. */
  knownTicket(request: FastifyRequest, businessName: string | undefined): CacheTicket | null;
  /** Answers from the cache when it holds the ticket's entry; true when it did. */
  serve(ticket: CacheTicket, request: FastifyRequest, reply: FastifyReply): boolean;
  /**
   * Keeps a 200 answer and sets its ETag and Cache-Control on the reply. `headers` are kept with the
   * body and sent again with every 200 from it (not with a 304: the client keeps what it has). The
   * body must be the same for every anonymous visitor: a page has its nonce taken out first.
   */
  store(ticket: CacheTicket, reply: FastifyReply, body: Buffer, contentType: string, headers?: Record<string, string>): void;
  readonly versions: ContentVersions;
};

export function createPublicCache(versions: ContentVersions, { enabled = true } = {}): PublicCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.size;
  };

  /** The business name a GET's answer may be cached under, or null when it may not be. */
  function cacheableName(request: FastifyRequest, businessName: string | undefined): string | null {
    if (!enabled || request.method !== 'GET' || request.headers.authorization !== undefined) return null;
    // the same clean-up the contract's name type does; hostile names simply go uncached
    const name = businessName?.replace(/\0/g, '').trim().toLowerCase();
    if (!name || name.length > 200 || neverCached.test(request.url)) return null;
    return name;
  }
  const keyOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${request.url}`;

  async function ticket(request: FastifyRequest, businessName: string | undefined): Promise<CacheTicket | null> {
    const name = cacheableName(request, businessName);
    if (!name) return null;
    const business = await versions.byName(name).catch(() => null);
    if (!business) return null;
    return { key: keyOf(request), ...business };
  }

  return {
    versions,
    ticket,
    pageTicket(request) {
      const tenant = request.tenant;
      if (!tenant) return Promise.resolve(null);
      const path = request.url.split('?')[0];
      const rest = tenant.onOwnDomain ? path : path.slice(path.indexOf('/', 1));
      if (!cacheablePage.test(rest)) return Promise.resolve(null);
      return ticket(request, tenant.businessName);
    },
    knownTicket(request, businessName) {
      const name = cacheableName(request, businessName);
      const business = name ? versions.knownByName(name) : undefined;
      return business ? { key: keyOf(request), ...business } : null;
    },
    serve(t, request, reply) {
      const e = entries.get(t.key);
      if (!e) return false;
      if (e.businessId !== t.businessId || e.version !== t.version || Date.now() - e.at > maxAgeMs) {
        drop(t.key);
        return false;
      }
      // most recently used last: the oldest entries go first when the budget is spent
      entries.delete(t.key);
      entries.set(t.key, e);
      reply.header('etag', e.etag).header('cache-control', publicCacheControl).header('vary', publicVary).header('x-cache', 'HIT');
      if (etagMatches(request.headers['if-none-match'], e.etag)) {
        reply.code(304).send();
        return true;
      }
      reply.header('content-type', e.contentType).headers(e.headers);
      const encoding = e.body.length >= compressMin ? acceptedEncoding(request.headers['accept-encoding']) : null;
      if (encoding === 'br') {
        e.br ??= brotliCompressSync(e.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } });
        reply.header('content-encoding', 'br').send(e.br);
      } else if (encoding === 'gzip') {
        e.gzip ??= gzipSync(e.body);
        reply.header('content-encoding', 'gzip').send(e.gzip);
      } else {
        reply.send(e.body);
      }
      return true;
    },
    store(t, reply, body, contentType, headers = {}) {
      const etag = `W/"${t.version}-${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
      reply.header('etag', etag).header('cache-control', publicCacheControl).header('vary', publicVary).headers(headers);
      const size = body.length * 2 + t.key.length;
      if (size > maxBytes / 64) return;
      drop(t.key);
      entries.set(t.key, { ...t, at: Date.now(), contentType, etag, body, headers, size });
      bytes += size;
      for (const key of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(key);
      }
    },
  };
}

/** The business name of an allow-listed public API GET (its `businessName` query parameter); null for any other request. */
function cacheableApiName(request: FastifyRequest): string | undefined | null {
  if (request.method !== 'GET' || !request.url.startsWith('/api/public/')) return null;
  const q = request.url.indexOf('?');
  if (!cacheableApi.test(q === -1 ? request.url : request.url.slice(0, q))) return null;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.businessName === 'string' ? query.businessName : undefined;
}

/**
 * Answers a public API GET from the cache, synchronously, before any other hook: the hit path of a
 * busy storefront. Only a business whose version this node holds in memory; the rest go on to
 * `registerPublicCache`'s hook. Safe ahead of the host and URL checks (hostile-input.ts) and the
 * tenant hook: an entry's key is the exact protocol, host and URL of a request that passed them.
 * `headers` are what every response carries (security-headers.ts), which the hook that sets them
 * would have set.
 */
export function registerPublicCacheHits(app: FastifyInstance, cache: PublicCache, headers: SecurityHeaders) {
  app.addHook('onRequest', (request, reply, done) => {
    const name = cacheableApiName(request);
    const t = name === null ? null : cache.knownTicket(request, name);
    if (t && cache.serve(t, request, reply.headers(headers(request)))) return;
    done();
  });
}

/** The public API part: hooks around the allow-listed GET routes. */
export function registerPublicCache(app: FastifyInstance, cache: PublicCache) {
  const tickets = new WeakMap<FastifyRequest, CacheTicket>();

  app.addHook('onRequest', async (request, reply) => {
    const name = cacheableApiName(request);
    if (name === null) return;
    const t = await cache.ticket(request, name);
    if (!t) return;
    if (cache.serve(t, request, reply)) return reply;
    tickets.set(request, t);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const t = tickets.get(request);
    if (!t || reply.statusCode !== 200 || reply.getHeader('set-cookie') !== undefined) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    cache.store(t, reply, body, String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'));
    return payload;
  });
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.trim().slice(2)) : 1);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}
