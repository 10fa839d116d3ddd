import type { AppContext } from '../app-context.ts';
import {
  fetchAllUsersCatalogues,
  fetchPublicCatalogue,
  fetchPublicCatalogueProducts,
  fetchPublicCatalogues,
} from '../modules/catalogues/public-catalogues.service.ts';
import { fetchAllUsers } from '../modules/directory/directory.service.ts';
import { readVariantWidths } from '../modules/media/media.service.ts';
import { deviceFromCookies } from '../modules/private-links/device-cookie.ts';
import {
  fetchDirectoryProducts,
  fetchProductSuggestions,
  fetchPublicProduct,
  fetchPublicProducts,
} from '../modules/products/products.service.ts';
import { searchItems } from '../modules/search/search.service.ts';
import { fetchAboutUs, fetchCategories, fetchHome, fetchPublicProfile } from '../modules/storefront/storefront.service.ts';
import { AppError } from './app-error.ts';
import type { Tenant } from './tenant.ts';

// What the SSR adapter (ssr.ts) hands every React Router loader and action: the services the pages
// call, bound to this process's AppContext, and what the server knows about the request. Loaders get
// the server's modules only through here and import nothing but types from apps/server, so the web
// build bundles no server code and the process runs one copy of each module (one AppError, one search
// cache); apps/web/app/lib/load-context.server.ts makes this React Router's AppLoadContext.
// ssr.test.ts fails if server code appears in the web build.

const bindTo =
  (ctx: AppContext) =>
  <A extends unknown[], R>(service: (ctx: AppContext, ...args: A) => R) =>
  (...args: A): R =>
    service(ctx, ...args);

/** The services pages call, bound to the context once at start-up. */
export function createPageServices(ctx: AppContext) {
  const bound = bindTo(ctx);
  return {
    fetchAboutUs: bound(fetchAboutUs),
    fetchAllUsers: bound(fetchAllUsers),
    fetchAllUsersCatalogues: bound(fetchAllUsersCatalogues),
    fetchCategories: bound(fetchCategories),
    fetchDirectoryProducts: bound(fetchDirectoryProducts),
    fetchHome: bound(fetchHome),
    fetchProductSuggestions: bound(fetchProductSuggestions),
    fetchPublicCatalogue: bound(fetchPublicCatalogue),
    fetchPublicCatalogueProducts: bound(fetchPublicCatalogueProducts),
    fetchPublicCatalogues: bound(fetchPublicCatalogues),
    fetchPublicProduct: bound(fetchPublicProduct),
    fetchPublicProducts: bound(fetchPublicProducts),
    fetchPublicProfile: bound(fetchPublicProfile),
    searchItems: bound(searchItems),
    /** The recorded WebP widths of the given media ids (those with none are left out): what srcsets list. */
    readVariantWidths: bound(readVariantWidths),
    /** The private-link device cookie of this request, and the Set-Cookie that issues one when it has none. */
    deviceFromCookies: (cookieHeader: string | null) => deviceFromCookies(ctx.config, cookieHeader),
    /** A service's "no such public page" (unknown, private or blocked): the AppError the error handler knows. */
    isNotFound: (error: unknown) => error instanceof AppError && error.status === 404,
  };
}

export type PageServices = ReturnType<typeof createPageServices>;

export type PageLoadContext = {
  services: PageServices;
  /** The business a storefront request is for, as resolved by the tenant hook (null on the marketing site). */
  tenant: Tenant | null;
  /** Our public URL (absolute links: canonical, Open Graph). */
  publicUrl: string;
  /** This response's Content-Security-Policy nonce: every inline script React Router writes carries it. */
  cspNonce: string;
};
