import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { findBusinessByHost, findPublicBusiness, type TenantRow } from '../modules/users/users.service.ts';

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
  /^\/(home|products(\/[^/]+)?|catalogues(\/[^/]+)?|aboutus|contactus|privateLink|search|signIn|sitemap\.xml|robots\.txt)\/?$/;
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

const skippedPrefixes = ['/api/', '/media/', '/assets/'];
// Pages search engines must not index whatever the page markup says (SPEC: admin and private links).
const noindexPage = /^(\/[^/]+)?\/(userAdmin|privateLink)(\/|$)|^\/(platform|verifyEmail|forgotPassword|resetPassword|confirmEmail)(\/|$)/;
const cacheMs = 5000;

type Lookup = (key: { businessName: string } | { domain: string }) => Promise<TenantRow | null>;

// Lookups are cached for a few seconds: every page view and asset-less data request asks again.
function cachedLookup(ctx: AppContext): Lookup {
  const cache = new Map<string, { at: number; value: Promise<TenantRow | null> }>();
  return (key) => {
    const id = 'businessName' in key ? `n:${key.businessName}` : `d:${key.domain}`;
    const now = Date.now();
    const hit = cache.get(id);
    if (hit && now - hit.at < cacheMs) return hit.value;
    if (cache.size > 10_000) cache.clear();
    const value = findPublicBusiness(ctx, key).catch((e) => {
      cache.delete(id);
      throw e;
    });
    cache.set(id, { at: now, value });
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

export function requestHost(request: FastifyRequest): string {
  return (request.host || request.headers.host || '').toLowerCase();
}

/** Registers the page-routing hook (SPEC §2): redirects, and `request.tenant` for the pages. */
export function registerTenant(app: FastifyInstance, ctx: AppContext) {
  const lookup = cachedLookup(ctx);
  const scheme = ctx.config.publicUrl.startsWith('https:') ? 'https' : 'http';
  app.decorateRequest('tenant', null);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const { path: rawPath, query } = splitUrl(request.url);
    // /healthz answers on any Host (load balancers and probes use addresses, not our names)
    if (rawPath === '/healthz' || rawPath === '/api' || rawPath === '/media' || skippedPrefixes.some((p) => rawPath.startsWith(p))) return;

    // React Router single-fetch data requests (`/x/home.data`, `/_root.data`) follow the page they
    // load; they are never redirected (the router would not follow an HTTP redirect there).
    const isData = rawPath.endsWith('.data');
    const path = isData ? rawPath.slice(0, -'.data'.length).replace(/^\/_root$/, '/') : rawPath;
    const host = requestHost(request);
    if (noindexPage.test(path)) reply.header('X-Robots-Tag', 'noindex, nofollow');
    const redirect = (status: 301 | 302, to: string) => (isData ? undefined : reply.redirect(to, status));

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
    const business = await lookup({ businessName: segment });
    if (!business) return redirect(302, '/home');
    const rest = restSegments.length ? `/${restSegments.join('/')}` : '';
    if (business.domain) {
      const target = rest === '' || rest === '/' ? '/home' : rest;
      return redirect(301, `${scheme}://${business.domain}${target}${query}`);
    }
    request.tenant = { businessName: business.businessName, onOwnDomain: false };
    if (rest === '' || rest === '/') return redirect(302, `/${business.businessName}/home${query}`);
    if (!storePage.test(rest)) return redirect(302, `/${business.businessName}/home`);
  });
}
