import { allowedQuery, challengeParams, challengePath, domainStatus, domainTexts, setDomainBody } from '@stashblog/contract/domains';
import { envelopeSchema } from '@stashblog/contract/envelope';
import { serverTexts } from '@stashblog/contract/server-texts';
import { businessNameQuery, checkDomainPayload, checkDomainViaBusinessPayload } from '@stashblog/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
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
    const tags = ['domains'];

    app.get('/api/userAdmin/domains/fetch', { schema: { tags, response: { 200: envelopeSchema(domainStatus) } } }, async (request) =>
      ok(await fetchDomainStatus(ctx, { businessId: ownerOf(request).businessId }), serverTexts.fetched),
    );

    app.put(
      '/api/userAdmin/domains/set',
      { schema: { tags, body: setDomainBody, response: { 200: envelopeSchema(domainStatus) } } },
      async (request) => {
        const status = await setDomain(ctx, { businessId: ownerOf(request).businessId, domain: request.body.domain ?? '' });
        return ok(status, status.claim ? domainTexts.saved : domainTexts.removed);
      },
    );

    app.put(
      '/api/userAdmin/domains/verify',
      {
        schema: { tags, response: { 200: envelopeSchema(domainStatus) } },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => ok(await verifyDomain(ctx, { businessId: ownerOf(request).businessId }), domainTexts.verified),
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
    app.get(
      '/api/platform/domains/allowed',
      { schema: { tags, querystring: allowedQuery, response: { 200: envelopeSchema(z.object({ allowed: z.literal(true) })) } } },
      async (request) => {
        if (!(await isDomainAllowed(ctx, { domain: request.query.domain ?? '' }))) throw AppError.notFound();
        return ok({ allowed: true as const }, serverTexts.fetched);
      },
    );

    // Which business answers on a Host, and a business's domain (SPEC §7 public user calls).
    app.get(
      '/api/public/user/checkDomain',
      { schema: { tags: ['public user'], response: { 200: envelopeSchema(checkDomainPayload) } } },
      async (request) => ok(await checkDomain(ctx, { host: requestHost(request) }), serverTexts.fetched),
    );
    app.get(
      '/api/public/user/checkDomainViaBusiness',
      {
        schema: { tags: ['public user'], querystring: businessNameQuery, response: { 200: envelopeSchema(checkDomainViaBusinessPayload) } },
      },
      async (request) => ok(await checkDomainViaBusiness(ctx, request.query), serverTexts.fetched),
    );
  };
}
