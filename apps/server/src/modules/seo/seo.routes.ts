import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import type { Tenant } from '../../http/tenant.ts';
import { buildPlatformRobots, buildSitemap, buildStoreRobots } from './seo.service.ts';

// The tenant hook has already resolved (or redirected) these paths; a missing tenant means no storefront here.
function tenantOf(request: FastifyRequest, onOwnDomain: boolean): Tenant {
  const t = request.tenant;
  if (!t || t.onOwnDomain !== onOwnDomain) throw AppError.notFound();
  return t;
}

const xml = 'application/xml; charset=utf-8';
const text = 'text/plain; charset=utf-8';
const hide = { schema: { hide: true } };

export function seoRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/:businessName/sitemap.xml', hide, async (request, reply) =>
      reply.type(xml).send(await buildSitemap(ctx, tenantOf(request, false))),
    );
    app.get('/:businessName/robots.txt', hide, async (request, reply) =>
      reply.type(text).send(await buildStoreRobots(ctx, tenantOf(request, false))),
    );
    app.get('/sitemap.xml', hide, async (request, reply) => reply.type(xml).send(await buildSitemap(ctx, tenantOf(request, true))));
    app.get('/robots.txt', hide, async (request, reply) =>
      reply.type(text).send(request.tenant ? await buildStoreRobots(ctx, tenantOf(request, true)) : buildPlatformRobots()),
    );
  };
}
