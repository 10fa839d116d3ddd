import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { openBlobStore } from './blobs/open-blob-store.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { startContentVersions } from './db/content-versions.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerGuards } from './http/guards.ts';
import { registerHostileInput } from './http/hostile-input.ts';
import { loggerOptions } from './http/logger-options.ts';
import { openApiOptions } from './http/openapi.ts';
import { createPublicCache, registerPublicCache, registerPublicCacheHits } from './http/public-cache.ts';
import { postgresRateLimitStore } from './http/rate-limit-store.ts';
import { helmetHeaders, registerSecurityHeaders } from './http/security-headers.ts';
import { ssrRoutes } from './http/ssr.ts';
import { registerTenant } from './http/tenant.ts';
import { startJobWorker } from './jobs/worker.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { antiSpamRoutes } from './modules/anti-spam/anti-spam.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { businessesRoutes } from './modules/businesses/businesses.routes.ts';
import { cardsRoutes } from './modules/cards/cards.routes.ts';
import { cataloguesRoutes } from './modules/catalogues/catalogues.routes.ts';
import { directoryRoutes } from './modules/directory/directory.routes.ts';
import { domainsRoutes } from './modules/domains/domains.routes.ts';
import { forumRoutes } from './modules/forum/forum.routes.ts';
import { insightsRoutes } from './modules/insights/insights.routes.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { privateLinksRoutes } from './modules/private-links/private-links.routes.ts';
import { productTransferRoutes } from './modules/product-transfer/product-transfer.routes.ts';
import { checkProductJson } from './modules/products/product-json.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { searchPlanSteeringOn } from './modules/search/search-steering.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { storefrontRoutes } from './modules/storefront/storefront.routes.ts';
import { visitsRoutes } from './modules/visits/visits.routes.ts';

export type BuildOptions = {
  config: Config;
  db: Database;
  logger?: boolean | object;
  /** false: every public read runs its queries (the uncached side of bench/http.ts). */
  publicCache?: boolean;
};

// The Fastify instance: used by main.ts and by every test (through app.inject or a real port).
export async function buildApp({ config, db, logger = false, publicCache = true }: BuildOptions) {
  // Each product's stored JSON is written by the SQL function the contract generates (decision 042).
  await checkProductJson(db);
  const app = Fastify({
    logger: logger === true ? loggerOptions(config.logLevel) : logger,
    // Only the proxies TRUST_PROXY names may set the client address, host and scheme (request.ip,
    // request.host, request.protocol); unset, X-Forwarded-* headers are ignored.
    // (a hop count is valid at run time; Fastify's types omit it)
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: 1024 * 1024,
    // A node shutting down (a restart behind the load balancer) answers what still reaches it on an
    // open connection instead of 503, and closes that connection after the answer (below): the
    // balancer's next request dials, is refused, and goes to another node (docs/deploy.md).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  const ctx: AppContext = {
    config,
    db,
    blobs: await openBlobStore(config.blobStore),
    log: app.log as FastifyBaseLogger,
    searchPlanSteering: await searchPlanSteeringOn(db, config.searchPlanSteering),
  };
  // Background work (mail, web push, domain re-checks, sweeps) is jobs in PostgreSQL (decision 038);
  // this node runs them unless JOBS_WORKER=0. Stopped on close, before main.ts ends the pool.
  if (config.jobsWorker) {
    const worker = await startJobWorker(ctx);
    app.addHook('onClose', () => worker.stop());
  }

  // The public cache answers its hits first and at once; a version this node does not hold in
  // memory waits for the hooks below (decision 035).
  const versions = await startContentVersions(db, app.log);
  app.addHook('onClose', () => versions.close());
  const cache = createPublicCache(versions, { enabled: publicCache });
  const securityHeaders = helmetHeaders();
  registerPublicCacheHits(app, cache, securityHeaders);
  registerSecurityHeaders(app, securityHeaders);
  // Pages, JSON and JS/CSS go out compressed; a low brotli quality keeps per-request CPU small.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Counters in PostgreSQL: every route's `config: { rateLimit }` holds across app nodes.
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(db) });
  await app.register(swagger, openApiOptions(config));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerErrorHandler(app);
  registerHostileInput(app);
  registerTenant(app, ctx, versions);
  // Before any route: each guarded route's session check is its first onRequest hook.
  registerGuards(app, ctx);
  // Public reads cached by per-business content version, kept coherent across app nodes (decision 014).
  registerPublicCache(app, cache);

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await db.execute(sql`select 1`);
    return { ok: true };
  });

  await app.register(authRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(antiSpamRoutes(ctx));
  await app.register(businessesRoutes(ctx));
  await app.register(storefrontRoutes(ctx));
  await app.register(directoryRoutes(ctx));
  await app.register(forumRoutes(ctx));
  await app.register(visitsRoutes(ctx));
  await app.register(seoRoutes(ctx));
  await app.register(mediaRoutes(ctx));
  await app.register(productsRoutes(ctx));
  await app.register(productTransferRoutes(ctx));
  await app.register(cataloguesRoutes(ctx));
  await app.register(leadsRoutes(ctx));
  await app.register(pushRoutes(ctx));
  await app.register(searchRoutes(ctx));
  await app.register(platformRoutes(ctx));
  await app.register(onboardingRoutes(ctx));
  await app.register(domainsRoutes(ctx));
  await app.register(privateLinksRoutes(ctx));
  await app.register(notificationsRoutes(ctx));
  await app.register(mailRoutes(ctx));
  await app.register(insightsRoutes(ctx));
  await app.register(cardsRoutes(ctx));

  // Pages last: the SSR catch-all answers whatever path no API route claimed.
  await app.register(ssrRoutes(ctx, cache));

  return Object.assign(app, { ctx });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
