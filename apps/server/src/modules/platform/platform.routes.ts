import { logInBody } from '@stashblog/contract/auth';
import { envelopeSchema } from '@stashblog/contract/envelope';
import {
  auditListPayload,
  auditListQuery,
  blockItemBody,
  blockUserBody,
  businessListPayload,
  businessListQuery,
  itemListPayload,
  itemListQuery,
  jobQueuePayload,
  mailListPayload,
  mailListQuery,
  platformAdmin,
  platformTexts,
  primeUserBody,
  statusPayload,
} from '@stashblog/contract/platform';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { platformAdminOf } from '../../http/guards.ts';
import {
  listAudit,
  listBusinesses,
  listCatalogues,
  listJobs,
  listMail,
  listProducts,
  setCatalogueBlocked,
  setPrimeUser,
  setProductBlocked,
  setUserBlocked,
} from './platform.service.ts';
import { describeAdmin, platformLogIn, platformLogOut } from './platform-auth.service.ts';

// Platform admin API. Sign-in lives under /api/auth (it needs no session); everything under
// /api/platform/* needs a platform session and answers 403 to owners and anonymous callers.
export function platformRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['platform'];

    app.post(
      '/api/auth/platform/logIn',
      {
        schema: { tags, body: logInBody, response: { 201: envelopeSchema(z.object({ authorization: z.string() })) } },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request, reply) =>
        reply.status(201).send(ok(await platformLogIn(ctx, { input: request.body, ip: request.ip }), platformTexts.signedIn)),
    );

    app.get(
      '/api/platform/me',
      { schema: { tags, response: { 200: envelopeSchema(z.object({ admin: platformAdmin })) } } },
      async (request) => ok({ admin: describeAdmin(platformAdminOf(request)) }, serverTexts.fetched),
    );

    app.put('/api/platform/logOut', { schema: { tags } }, async (request) => {
      await platformLogOut(ctx, { tokenHash: platformAdminOf(request).tokenHash });
      return ok(null, serverTexts.loggedOut);
    });

    app.get(
      '/api/platform/businesses',
      { schema: { tags, querystring: businessListQuery, response: { 200: envelopeSchema(businessListPayload) } } },
      async (request) => ok(await listBusinesses(ctx, request.query), serverTexts.fetched),
    );

    app.get(
      '/api/platform/products',
      { schema: { tags, querystring: itemListQuery, response: { 200: envelopeSchema(itemListPayload) } } },
      async (request) => ok(await listProducts(ctx, request.query), serverTexts.fetched),
    );

    app.get(
      '/api/platform/catalogues',
      { schema: { tags, querystring: itemListQuery, response: { 200: envelopeSchema(itemListPayload) } } },
      async (request) => ok(await listCatalogues(ctx, request.query), serverTexts.fetched),
    );

    app.put(
      '/api/platform/users/block',
      { schema: { tags, body: blockUserBody, response: { 200: envelopeSchema(statusPayload) } } },
      async (request) => {
        const result = await setUserBlocked(ctx, { actor: platformAdminOf(request), input: request.body });
        return ok(result, result.status ? platformTexts.blocked('User') : platformTexts.unblocked('User'));
      },
    );

    app.put(
      '/api/platform/users/prime',
      { schema: { tags, body: primeUserBody, response: { 200: envelopeSchema(statusPayload) } } },
      async (request) => {
        const result = await setPrimeUser(ctx, { actor: platformAdminOf(request), input: request.body });
        return ok(result, result.status ? platformTexts.primeOn : platformTexts.primeOff);
      },
    );

    app.put(
      '/api/platform/products/block',
      { schema: { tags, body: blockItemBody, response: { 200: envelopeSchema(statusPayload) } } },
      async (request) => {
        const result = await setProductBlocked(ctx, { actor: platformAdminOf(request), input: request.body });
        return ok(result, result.status ? platformTexts.blocked('Product') : platformTexts.unblocked('Product'));
      },
    );

    app.put(
      '/api/platform/catalogues/block',
      { schema: { tags, body: blockItemBody, response: { 200: envelopeSchema(statusPayload) } } },
      async (request) => {
        const result = await setCatalogueBlocked(ctx, { actor: platformAdminOf(request), input: request.body });
        return ok(result, result.status ? platformTexts.blocked('Catalogue') : platformTexts.unblocked('Catalogue'));
      },
    );

    app.get(
      '/api/platform/mail',
      { schema: { tags, querystring: mailListQuery, response: { 200: envelopeSchema(mailListPayload) } } },
      async (request) => ok(await listMail(ctx, request.query), serverTexts.fetched),
    );

    app.get('/api/platform/jobs', { schema: { tags, response: { 200: envelopeSchema(jobQueuePayload) } } }, async () =>
      ok(await listJobs(ctx), serverTexts.fetched),
    );

    app.get(
      '/api/platform/audit',
      { schema: { tags, querystring: auditListQuery, response: { 200: envelopeSchema(auditListPayload) } } },
      async (request) => ok(await listAudit(ctx, request.query), serverTexts.fetched),
    );
  };
}
