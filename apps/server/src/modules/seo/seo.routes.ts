import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import type { Tenant } from '../../http/tenant.ts';
import { buildPlatformRobots, buildSitemap, buildSitemapIndex, buildStoreManifest, buildStoreRobots } from './seo.service.ts';

// The tenant hook has already resolved (or redirected) these paths; a missing tenant means no storefront here.
function tenantOf(request: FastifyRequest, onOwnDomain: boolean): Tenant {
  const t = request.tenant;
  if (!t || t.onOwnDomain !== onOwnDomain) throw AppError.notFound();
  return t;
}

const xml = 'application/xml; charset=utf-8';
const text = 'text/plain; charset=utf-8';
const manifest = 'application/manifest+json; charset=utf-8';

/** The paths of the crawler and install files, hidden from the OpenAPI document; the API fuzz test walks them. */
export const crawlerPaths = new Set<string>();

export function seoRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const file = (path: string, type: string, build: (request: FastifyRequest) => unknown) => {
      crawlerPaths.add(path);
      app.get(path, { schema: { hide: true } }, async (request, reply) => reply.type(type).send(await build(request)));
    };
    file('/:businessName/sitemap.xml', xml, (request) => buildSitemap(ctx, tenantOf(request, false)));
    file('/:businessName/robots.txt', text, (request) => buildStoreRobots(ctx, tenantOf(request, false)));
    file('/:businessName/store.webmanifest', manifest, async (request) =>
      JSON.stringify(await buildStoreManifest(ctx, tenantOf(request, false))),
    );
    // On a custom domain the store's own files; on our own hosts (no tenant) the platform's: its
    // robots.txt names the sitemap index, which lists the sitemap of every business served here.
    file('/sitemap.xml', xml, (request) => (request.tenant ? buildSitemap(ctx, tenantOf(request, true)) : buildSitemapIndex(ctx)));
    file('/robots.txt', text, (request) => (request.tenant ? buildStoreRobots(ctx, tenantOf(request, true)) : buildPlatformRobots(ctx)));
    file('/store.webmanifest', manifest, async (request) => JSON.stringify(await buildStoreManifest(ctx, tenantOf(request, true))));
  };
}
