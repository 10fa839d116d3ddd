import { challengePath } from '@stashblog/contract/domains';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { ContentVersions } from '../db/content-versions.ts';
import { findBusinessByHost, findPublicBusiness, type TenantRow } from '../modules/businesses/businesses.service.ts';
import { permanentRedirectAfterMs, routedDomainSince } from '../modules/domains/domains.service.ts';

/** Whose storefront a page request is for; null on the marketing site (SPEC §2). */
export type Tenant = { businessName: string; onOwnDomain: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant | null;
  }
}

// First path segments on our own hosts that are the marketing site or infrastructure, never a business.
const globalSegments = new Set([
  'home',
  'showcases',
  'support',
  'getStarted',
  'terms&conditions',
  'terms&Conditions',
  'privacyPolicy',
  'faq',
  'aboutUs',
  'pricing',
  'signIn',
  'userAdmin',
  'search',
  'temp',
  'directory',
  'Error_404_Not_Found',
  'assets',
  'favicon.ico',
  'healthz',
  'robots.txt',
  'sitemap.xml',
  '__manifest',
  'platform',
  'verifyEmail',
  'forgotPassword',
  'resetPassword',
  'confirmEmail',
  // PWA files (apps/web/public): web manifest, service worker, icons
  'manifest.webmanifest',
  'sw.js',
  'icon-192.png',
  'icon-512.png',
  'icon-maskable-512.png',
]);

// SPEC §2 public business pages, relative to /{businessName} (own host) or / (custom domain).
const storePage =
  /^\/(home|products(\/[^/]+)?|catalogues(\/[^/]+)?|aboutus|contactus|privateLink|search|signIn|sitemap\.xml|robots\.txt|store\.webmanifest)\/?$/;
// Served on a custom domain too, but not pages of the store.
const domainPassThrough = new Set([
  '/favicon.ico',
  '/healthz',
  '/__manifest',
  '/manifest.webmanifest',
  '/sw.js',
  '/icon-192.png',
  '/icon-512.png',
  '/icon-maskable-512.png',
]);

// (the custom-domain HTTP challenge answers on any host, routed or not)
const skippedPrefixes = ['/api/', '/media/', '/assets/', challengePath];
// Pages search engines must not index whatever the page markup says (SPEC: admin and private links).
const noindexPage = /^(\/[^/]+)?\/(userAdmin|privateLink)(\/|$)|^\/(platform|verifyEmail|forgotPassword|resetPassword|confirmEmail)(\/|$)/;
// While the version polls fail, lookups are kept this long at most.
const unlistenedCacheMs = 1000;

type TenantLookupRow = TenantRow & { domainSince: Date | null };
type Lookup = (key: { businessName: string } | { domain: string }) => Promise<TenantLookupRow | null>;

// Lookups are cached: every page view and asset-less data request asks again. An entry holds until
// any node changes any business (every node polls the content versions, decisions 014 and 055),
// or until a write through this node's pool: a domain set, verified or removed on one node is
// routed the same way on every node within milliseconds.
function cachedLookup(ctx: AppContext, versions: ContentVersions): Lookup {
  const cache = new Map<string, { at: number; generation: number; value: Promise<TenantLookupRow | null> }>();
  versions.onChange(() => cache.clear());
  return (key) => {
    const id = 'businessName' in key ? `n:${key.businessName}` : `d:${key.domain}`;
    const now = Date.now();
    const hit = cache.get(id);
    if (hit && hit.generation === versions.generation && (versions.live || now - hit.at < unlistenedCacheMs)) return hit.value;
    if (cache.size > 10_000) cache.clear();
    const value = findPublicBusiness(ctx, key)
      .then(async (row) =>
        row ? { ...row, domainSince: row.domain ? await routedDomainSince(ctx, { businessId: row.id, domain: row.domain }) : null } : null,
      )
      .catch((e) => {
        cache.delete(id);
        throw e;
      });
    cache.set(id, { at: now, generation: versions.generation, value });
    return value;
  };
}

export function isOwnHost(ctx: Pick<AppContext, 'config'>, host: string): boolean {
  return ctx.config.appHosts.includes(host.toLowerCase());
}

function splitUrl(url: string): { path: string; query: string } {
  const q = url.indexOf('?');
  return q === -1 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q) };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// A routed domain is moved to permanently only once it has been verified for a week.
function isPermanent(business: TenantLookupRow): boolean {
  return business.domainSince !== null && Date.now() - business.domainSince.getTime() >= permanentRedirectAfterMs;
}

/** The path on the custom domain for a /{business}/… path on our own host. */
function storeRest(path: string): string {
  const rest = path.slice(path.indexOf('/', 1) === -1 ? path.length : path.indexOf('/', 1));
  return rest === '' || rest === '/' ? '/home' : rest;
}

export function requestHost(request: FastifyRequest): string {
  return (request.host || request.headers.host || '').toLowerCase();
}

/** Registers the page-routing hook (SPEC §2): redirects, and `request.tenant` for the pages. */
export function registerTenant(app: FastifyInstance, ctx: AppContext, versions: ContentVersions) {
  const lookup = cachedLookup(ctx, versions);
  const scheme = ctx.config.publicUrl.startsWith('https:') ? 'https' : 'http';
  app.decorateRequest('tenant', null);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const { path: rawPath, query } = splitUrl(request.url);
    // /healthz answers on any Host (load balancers and probes use addresses, not our names)
    if (rawPath === '/healthz' || rawPath === '/api' || rawPath === '/media' || skippedPrefixes.some((p) => rawPath.startsWith(p))) return;

    // React Router single-fetch data requests (`/x/home.data`, `/_root.data`) follow the page they
    // load; they are never redirected (the router would not follow an HTTP redirect there).
    const isData = rawPath.endsWith('.data');
    const path = isData ? rawPath.slice(0, -'.data'.length).replace(/^\/_root$/, '/') : rawPath;
    const host = requestHost(request);
    if (isRead && noindexPage.test(path)) reply.header('X-Robots-Tag', 'noindex, nofollow');
    const redirect = (status: 301 | 302 | 307 | 308, to: string) => (isData ? undefined : reply.redirect(to, status));

    if (!isRead) {
      // Other methods are not routed here, except that /{business}/… on our own host moves to the
      // business's custom domain the way a GET does (307/308 keep the method and body).
      if (!isOwnHost(ctx, host) || path === '/') return;
      const segment = decodeSegment(path.split('/')[1] ?? '');
      if (globalSegments.has(segment)) return;
      const business = await lookup({ businessName: segment });
      if (!business?.domain) return;
      return redirect(isPermanent(business) ? 308 : 307, `${scheme}://${business.domain}${storeRest(path)}${query}`);
    }

    if (!isOwnHost(ctx, host)) {
      const business = await findBusinessByHost(ctx, host, lookup);
      if (!business) return redirect(302, `${ctx.config.publicUrl}/Error_404_Not_Found`);
      request.tenant = { businessName: business.businessName, onOwnDomain: true };
      if (path === '/') return redirect(302, `/home${query}`);
      if (!storePage.test(path) && !domainPassThrough.has(path)) return redirect(302, '/home');
      return;
    }

    if (path === '/') return redirect(302, `/home${query}`);
    const [, first = '', ...restSegments] = path.split('/');
    const segment = decodeSegment(first);
    if (globalSegments.has(segment)) return;
    // Business names are lowercase; any other case of a real one is the same store (issue 22).
    const business = await lookup({ businessName: segment.toLowerCase() });
    if (!business) return redirect(302, '/home');
    const rest = restSegments.length ? `/${restSegments.join('/')}` : '';
    if (business.domain) {
      // 302 while the domain is new: a browser keeps a 301 even after the domain is removed
      return redirect(isPermanent(business) ? 301 : 302, `${scheme}://${business.domain}${storeRest(path)}${query}`);
    }
    request.tenant = { businessName: business.businessName, onOwnDomain: false };
    // The canonical path keeps the rest of the path and the query as they were.
    if (segment !== business.businessName) return redirect(301, `/${business.businessName}${rest}${query}`);
    if (rest === '' || rest === '/') return redirect(302, `/${business.businessName}/home${query}`);
    if (!storePage.test(rest)) return redirect(302, `/${business.businessName}/home`);
  });
}
