import { challengeParams, challengePath, domainTexts } from '@stashblog/contract/domains';
import { endpoints } from '@stashblog/contract/endpoints';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
import { requestHost } from '../../http/tenant.ts';
import {
  answerChallenge,
  checkDomain,
  checkDomainViaBusiness,
  fetchDomainStatus,
  isDomainAllowed,
  setDomain,
  verifyDomain,
} from './domains.service.ts';

export function domainsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.userAdminDomains.fetch, async (request) =>
      ok(await fetchDomainStatus(ctx, { businessId: ownerOf(request).businessId }), serverTexts.fetched),
    );

    route(app, endpoints.userAdminDomains.set, async (request) => {
      const status = await setDomain(ctx, { businessId: ownerOf(request).businessId, domain: request.body.domain ?? '' });
      return ok(status, status.claim ? domainTexts.saved : domainTexts.removed);
    });

    route(app, endpoints.userAdminDomains.verify, { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request) =>
      ok(await verifyDomain(ctx, { businessId: ownerOf(request).businessId }), domainTexts.verified),
    );

    // The HTTP challenge verification fetches (on any host, before the domain is routed): the token,
    // when it is the claim of the domain asked for.
    app.get(
      // a wildcard, not `:token`: a parametric route here makes the router refuse other long first segments with 414
      `${challengePath}*`,
      { schema: { hide: true, params: challengeParams }, config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const token = await answerChallenge(ctx, { host: requestHost(request), token: request.params['*'] });
        if (!token) throw AppError.notFound();
        return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(token);
      },
    );

    // For the TLS proxy (Caddy on_demand_tls ask): 200 when the host may get a certificate, else 404.
    route(app, endpoints.platformDomains.allowed, async (request) => {
      if (!(await isDomainAllowed(ctx, { domain: request.query.domain ?? '' }))) throw AppError.notFound();
      return ok({ allowed: true as const }, serverTexts.fetched);
    });

    // Which business answers on a Host, and a business's domain (SPEC §7 public user calls).
    route(app, endpoints.publicUser.checkDomain, async (request) =>
      ok(await checkDomain(ctx, { host: requestHost(request) }), serverTexts.fetched),
    );
    route(app, endpoints.publicUser.checkDomainViaBusiness, async (request) =>
      ok(await checkDomainViaBusiness(ctx, request.query), serverTexts.fetched),
    );
  };
}
