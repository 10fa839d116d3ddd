import { authTexts, encodePassword } from '@stashblog/contract/auth';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loginFailures, sessions } from '../../db/schema/sessions.ts';
import { hashToken, loginProbe, pruneLoginFailures } from './auth.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const logIn = (email: string, password: string, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/user/logIn', payload: { email, password: encodePassword(password) }, remoteAddress: ip });

describe('auth', () => {
  it('signs in, fetches the user and signs out', async () => {
    const { token, email } = await app.owner('acme');
    const me = await app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization: token } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ code: 201, payload: { user: { businessName: 'acme', email, theme: '', template: '' } } });
    const bearer = await app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(200);
    const out = await app.inject({ method: 'PUT', url: '/api/auth/user/logOut', headers: { authorization: token } });
    expect(out.json().code).toBe(201);
    const after = await app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization: token } });
    expect(after.statusCode).toBe(401);
  });

  it('gives the SPEC messages for missing fields', async () => {
    const noEmail = await app.inject({ method: 'POST', url: '/api/auth/user/logIn', payload: { password: 'eA==' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ code: 400, error: specTexts.signInEmailRequired });
    const noPassword = await app.inject({ method: 'POST', url: '/api/auth/user/logIn', payload: { email: 'a@b.c', password: '' } });
    expect(noPassword.json().error).toBe(specTexts.signInPasswordRequired);
  });

  it('refuses a wrong password and unknown tokens', async () => {
    await app.owner('wrongpw');
    const res = await logIn('wrongpw@example.test', 'nope-nope-nope');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(serverTexts.invalidCredentials);
    const none = await app.inject({ method: 'GET', url: '/api/auth/user/fetch' });
    expect(none.statusCode).toBe(401);
    const bogus = await app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization: 'bogus' } });
    expect(bogus.statusCode).toBe(401);
  });

  it("answers 'token expired' for an expired session", async () => {
    const { token } = await app.owner('expiring');
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization: token } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(specTexts.tokenExpired);
  });

  it('throttles repeated failures per account and IP without locking the owner out', async () => {
    await app.owner('throttled');
    for (let i = 0; i < 5; i++) expect((await logIn('throttled@example.test', 'bad-password', '10.9.9.9')).statusCode).toBe(401);
    const blocked = await logIn('throttled@example.test', 'correct-horse-1', '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(serverTexts.tooManyAttempts);
    const owner = await logIn('throttled@example.test', 'correct-horse-1', '10.1.2.3');
    expect(owner.statusCode).toBe(201);
  });

  it('changes the password, revoking other sessions', async () => {
    const { token, email } = await app.owner('changer');
    const other = (await logIn(email, 'correct-horse-1', '10.2.2.2')).json().payload.authorization;
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/userAdmin/user/changePassword',
      headers: { authorization: token },
      payload: { password: '', newPassword: 'x' },
    });
    expect(missing.json().error).toBe(specTexts.currentPasswordRequired);
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/userAdmin/user/changePassword',
      headers: { authorization: token },
      payload: { password: encodePassword('not-it'), newPassword: encodePassword('new-secret-2') },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/userAdmin/user/changePassword',
      headers: { authorization: token },
      payload: { password: encodePassword('correct-horse-1'), newPassword: encodePassword('new-secret-2') },
    });
    expect(res.json().code).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization: other } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization: token } })).statusCode).toBe(200);
    expect((await logIn(email, 'new-secret-2', '10.3.3.3')).statusCode).toBe(201);
  });

  it('checks an unknown email against a dummy argon2 hash, so it costs what a known email costs', async () => {
    await app.owner('equal-work');
    const before = loginProbe.dummyVerifications;
    const unknown = await logIn('nobody-at-all@example.test', 'some-password', '10.7.0.1');
    expect(unknown.statusCode).toBe(401);
    expect(loginProbe.dummyVerifications).toBe(before + 1);
    const known = await logIn('equal-work@example.test', 'some-password', '10.7.0.2');
    expect(known.statusCode).toBe(401);
    expect(known.json().error).toBe(unknown.json().error);
    // a known email verifies against its own hash, not the dummy one
    expect(loginProbe.dummyVerifications).toBe(before + 1);
  });

  it('prunes failure rows older than the window', async () => {
    await app.ctx.db.execute(
      sql`insert into login_failures (key, count, window_start) select 'ip:old-' || g, 3, now() - interval '2 hours' from generate_series(1, 100) g`,
    );
    await logIn('nobody@example.test', 'wrong-password', '10.7.0.3');
    await pruneLoginFailures(app.ctx, true);
    const rows = await app.ctx.db.select().from(loginFailures);
    expect(rows.some((r) => r.key.startsWith('ip:old-'))).toBe(false);
    // the fresh failure just recorded stays
    expect(rows.some((r) => r.key === 'ip:10.7.0.3')).toBe(true);
  });

  it('refuses a new password shorter than 8 characters with a clear message', async () => {
    const { token } = await app.owner('short-pw');
    const change = (newPassword: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/userAdmin/user/changePassword',
        headers: { authorization: token },
        payload: { password: encodePassword('correct-horse-1'), newPassword: encodePassword(newPassword) },
      });
    const short = await change('  1234567  ');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(authTexts.passwordTooShort);
    expect((await logIn('short-pw@example.test', 'correct-horse-1', '10.7.0.4')).statusCode).toBe(201);
    expect((await change('12345678')).statusCode).toBe(200);
  });
});
