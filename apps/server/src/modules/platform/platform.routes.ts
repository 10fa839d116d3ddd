import { endpoints } from '@stashblog/contract/endpoints';
import { platformTexts } from '@stashblog/contract/platform';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { platformAdminOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import {
  listAudit,
  listBusinesses,
  listItems,
  listJobs,
  listMail,
  setItemBlocked,
  setPrimeUser,
  setUserBlocked,
} from './platform.service.ts';
import { describeAdmin, platformLogIn, platformLogOut } from './platform-auth.service.ts';

// Platform admin API. Sign-in lives under /api/auth (it needs no session); everything under
// /api/platform/* needs a platform session and answers 403 to owners and anonymous callers.
export function platformRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.authPlatform.logIn, { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request, reply) =>
      reply.status(201).send(ok(await platformLogIn(ctx, { input: request.body, ip: request.ip }), platformTexts.signedIn)),
    );

    route(app, endpoints.platform.me, async (request) => ok({ admin: describeAdmin(platformAdminOf(request)) }, serverTexts.fetched));

    route(app, endpoints.platform.logOut, async (request) => {
      await platformLogOut(ctx, { tokenHash: platformAdminOf(request).tokenHash });
      return ok(null, serverTexts.loggedOut);
    });

    route(app, endpoints.platform.businesses, async (request) => ok(await listBusinesses(ctx, request.query), serverTexts.fetched));

    route(app, endpoints.platform.products, async (request) => ok(await listItems(ctx, 'product', request.query), serverTexts.fetched));

    route(app, endpoints.platform.catalogues, async (request) => ok(await listItems(ctx, 'catalogue', request.query), serverTexts.fetched));

    route(app, endpoints.platformUsers.block, async (request) => {
      const result = await setUserBlocked(ctx, { actor: platformAdminOf(request), input: request.body });
      return ok(result, result.status ? platformTexts.blocked('User') : platformTexts.unblocked('User'));
    });

    route(app, endpoints.platformUsers.prime, async (request) => {
      const result = await setPrimeUser(ctx, { actor: platformAdminOf(request), input: request.body });
      return ok(result, result.status ? platformTexts.primeOn : platformTexts.primeOff);
    });

    route(app, endpoints.platformProducts.block, async (request) => {
      const result = await setItemBlocked(ctx, { actor: platformAdminOf(request), kind: 'product', input: request.body });
      return ok(result, result.status ? platformTexts.blocked('Product') : platformTexts.unblocked('Product'));
    });

    route(app, endpoints.platformCatalogues.block, async (request) => {
      const result = await setItemBlocked(ctx, { actor: platformAdminOf(request), kind: 'catalogue', input: request.body });
      return ok(result, result.status ? platformTexts.blocked('Catalogue') : platformTexts.unblocked('Catalogue'));
    });

    route(app, endpoints.platform.mail, async (request) => ok(await listMail(ctx, request.query), serverTexts.fetched));
    route(app, endpoints.platform.jobs, async () => ok(await listJobs(ctx), serverTexts.fetched));

    route(app, endpoints.platform.audit, async (request) => ok(await listAudit(ctx, request.query), serverTexts.fetched));
  };
}
