import { encodePassword } from '@stashblog/contract/auth';
import { platformTexts } from '@stashblog/contract/platform';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { platformSessions } from '../db/schema/platform.ts';
import { hashToken } from '../modules/auth/auth.service.ts';
import { createPlatformAdmin } from '../modules/platform/platform-auth.service.ts';
import { registerErrorHandler } from './error-handler.ts';
import { ownerOf, platformAdminOf, registerGuards } from './guards.ts';

// The session guards (guards.ts) as a caller meets them: the token as browsers and scripts send it, an expired
// platform session, and the guard's place before a route's own hooks (a route added later may bring some).

let app: TestApp;
let platformToken: string;
beforeAll(async () => {
  app = await createTestApp();
  await createPlatformAdmin(app.ctx, { email: 'guard-ops@stash.test', name: 'Ops', password: 'platform-pass-1' });
  platformToken = await platformLogIn();
});

async function platformLogIn() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/platform/logIn',
    payload: { email: 'guard-ops@stash.test', password: encodePassword('platform-pass-1') },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload.authorization as string;
}

describe('session tokens as callers send them', () => {
  it('an owner token is accepted bare, after "Bearer ", and with spaces around it', async () => {
    const { token, businessName } = await app.owner('guard-spaces');
    for (const authorization of [token, `Bearer ${token}`, `Bearer   ${token}  `, `  ${token}\t`]) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization } });
      expect(res.statusCode, JSON.stringify(authorization)).toBe(200);
      expect(res.json().payload.user.businessName).toBe(businessName);
    }
    for (const authorization of ['Bearer ', '   ', `bearer ${token}`]) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization } });
      expect(res.statusCode, JSON.stringify(authorization)).toBe(401);
      expect(res.json().error).toBe(serverTexts.unauthorised);
    }
  });

  it('a platform token is accepted the same ways; a blank one is refused with the SPEC text', async () => {
    for (const authorization of [platformToken, `Bearer ${platformToken}`, `Bearer  ${platformToken} `]) {
      const res = await app.inject({ method: 'GET', url: '/api/platform/me', headers: { authorization } });
      expect(res.statusCode, JSON.stringify(authorization)).toBe(200);
      expect(res.json().payload.admin.email).toBe('guard-ops@stash.test');
    }
    for (const headers of [{}, { authorization: 'Bearer ' }, { authorization: '  ' }]) {
      const res = await app.inject({ method: 'GET', url: '/api/platform/me', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error).toBe(platformTexts.forbidden);
    }
  });

  it("an expired platform session answers 401 'token expired', not 403", async () => {
    const token = await platformLogIn();
    await app.ctx.db
      .update(platformSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(platformSessions.tokenHash, hashToken(token)));
    const res = await app.inject({ method: 'PUT', url: '/api/platform/users/block', headers: { authorization: token } });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error).toBe(specTexts.tokenExpired);
  });
});

describe('the guard comes first among a route’s own hooks', () => {
  it('a guarded route with its own onRequest hooks (and its HEAD) runs them only after the session is checked', async () => {
    const { token } = await app.owner('guard-hooks');
    const server = Fastify();
    registerErrorHandler(server);
    registerGuards(server, app.ctx);
    const ran: string[] = [];
    const own = async () => {
      ran.push('own');
    };
    server.get('/api/userAdmin/probe', { onRequest: own }, async (request) => ({ business: ownerOf(request).businessId }));
    server.get('/api/platform/probe', { onRequest: [own, own] }, async (request) => ({ admin: platformAdminOf(request).email }));
    server.get('/api/userAdmin/plain', async (request) => ({ business: ownerOf(request).businessId }));
    // Outside the prefixes no guard runs: a handler asking for a session there is refused, not crashed.
    server.get('/api/public/probe', async (request) => ({ business: ownerOf(request).businessId }));
    server.get('/api/public/platform-probe', async (request) => ({ admin: platformAdminOf(request).email }));
    await server.ready();
    try {
      const anonymous = await server.inject({ method: 'GET', url: '/api/userAdmin/probe' });
      expect(anonymous.statusCode).toBe(401);
      expect(await server.inject({ method: 'HEAD', url: '/api/userAdmin/probe' }).then((r) => r.statusCode)).toBe(401);
      expect(
        await server.inject({ method: 'GET', url: '/api/platform/probe', headers: { authorization: token } }).then((r) => r.statusCode),
      ).toBe(403);
      expect(ran).toEqual([]);

      const owner = await server.inject({ method: 'GET', url: '/api/userAdmin/probe', headers: { authorization: token } });
      expect(owner.statusCode, owner.body).toBe(200);
      expect(ran).toEqual(['own']);
      const plain = await server.inject({ method: 'GET', url: '/api/userAdmin/plain', headers: { authorization: token } });
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.json()).toEqual(owner.json());
      expect(await server.inject({ method: 'GET', url: '/api/userAdmin/plain' }).then((r) => r.statusCode)).toBe(401);
      const head = await server.inject({ method: 'HEAD', url: '/api/userAdmin/probe', headers: { authorization: token } });
      expect(head.statusCode).toBe(200);
      expect(ran).toEqual(['own', 'own']);
      const admin = await server.inject({ method: 'GET', url: '/api/platform/probe', headers: { authorization: platformToken } });
      expect(admin.json()).toEqual({ admin: 'guard-ops@stash.test' });
      expect(ran).toEqual(['own', 'own', 'own', 'own']);

      const outside = await server.inject({ method: 'GET', url: '/api/public/probe', headers: { authorization: token } });
      expect(outside.statusCode, outside.body).toBe(401);
      const outsidePlatform = await server.inject({
        method: 'GET',
        url: '/api/public/platform-probe',
        headers: { authorization: platformToken },
      });
      expect(outsidePlatform.statusCode, outsidePlatform.body).toBe(403);
      expect(outsidePlatform.json().error).toBe(platformTexts.forbidden);
    } finally {
      await server.close();
    }
  });
});
