import { encodePassword } from '@stashblog/contract/auth';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { setDomain } from '../cli/set-domain.ts';
import { loadConfig, parseTrustProxy } from '../config.ts';

const own = 'localhost:5004';
const wrong = encodePassword('not-the-password');

function logIn(app: TestApp, email: string, password: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') {
  return app.inject({ method: 'POST', url: '/api/auth/user/logIn', remoteAddress, headers, payload: { email, password } });
}

describe('TRUST_PROXY parsing', () => {
  it('is off unless set, and takes a hop count or a list of addresses/CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
    expect(parseTrustProxy('true')).toBeNull();
    expect(parseTrustProxy('10.0.0.0/99')).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: 'everyone', SECRET: 's'.repeat(40), DATA_DIR: '/tmp/stash-config-test' })).toThrow(
      /TRUST_PROXY/,
    );
  });

  it('own hosts follow PORT and PUBLIC_URL unless APP_HOSTS is set', () => {
    const base = { SECRET: 's'.repeat(40), DATA_DIR: '/tmp/stash-config-test' };
    expect(loadConfig({ ...base, PORT: '3000' }).appHosts).toEqual(['localhost:3000', '127.0.0.1:3000']);
    expect(loadConfig({ ...base, PORT: '3000', PUBLIC_URL: 'https://Shop.Example.com/' }).appHosts).toEqual([
      'localhost:3000',
      '127.0.0.1:3000',
      'shop.example.com',
    ]);
    expect(loadConfig({ ...base, PORT: '3000', APP_HOSTS: 'a.test, B.test' }).appHosts).toEqual(['a.test', 'b.test']);
  });
});

describe('with TRUST_PROXY unset, X-Forwarded-* headers change nothing', () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<TestApp['owner']>>;
  beforeAll(async () => {
    app = await createTestApp();
    owner = await app.owner('proxy-shop');
    await setDomain(app.ctx, { businessName: 'proxy-shop', domain: 'proxy-shop.test' });
  });

  it('30 wrong passwords from one address with rotating X-Forwarded-For are throttled; the owner elsewhere still signs in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await logIn(app, owner.email, wrong, { 'x-forwarded-for': `198.51.100.${i + 1}` });
      statuses.push(res.statusCode);
    }
    // 5 failures per account and address, then refused; the spoofed header bought nothing
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const res = await logIn(app, owner.email, encodePassword('correct-horse-1'), {}, '192.0.2.55');
    expect(res.statusCode).toBe(201);
  });

  it('a spoofed X-Forwarded-For naming the owner does not lock the owner out', async () => {
    for (let i = 0; i < 8; i++) await logIn(app, owner.email, wrong, { 'x-forwarded-for': '192.0.2.99' }, '203.0.113.200');
    const res = await logIn(app, owner.email, encodePassword('correct-horse-1'), {}, '192.0.2.99');
    expect(res.statusCode).toBe(201);
  });

  it('X-Forwarded-Host does not choose the tenant', async () => {
    // On our own host the business path is served, whatever X-Forwarded-Host names
    const res = await app.inject({ url: '/', headers: { host: own, 'x-forwarded-host': 'nobody.test' } });
    expect(res.headers.location).toBe('/home');
    const domain = await app.inject({ url: '/proxy-shop/home', headers: { host: own, 'x-forwarded-host': 'elsewhere.test' } });
    expect(domain.statusCode).toBe(302); // a domain verified less than a week ago
    expect(domain.headers.location).toBe('http://proxy-shop.test/home');
  });
});

describe('with TRUST_PROXY naming the proxy, its X-Forwarded-* headers are honoured', () => {
  let app: TestApp;
  let owner: Awaited<ReturnType<TestApp['owner']>>;
  beforeAll(async () => {
    app = await createTestApp({ trustProxy: ['10.0.0.0/8'] });
    owner = await app.owner('behind-proxy');
  });

  it('takes the client address from a listed proxy, and not from anyone else', async () => {
    // Each attempt comes from another client behind the proxy: none of them is throttled
    for (let i = 0; i < 8; i++) {
      const res = await logIn(app, owner.email, wrong, { 'x-forwarded-for': `198.51.100.${i + 1}` }, '10.1.2.3');
      expect(res.statusCode).toBe(401);
    }
    // The same header from an address that is not a listed proxy counts as that address
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await logIn(app, owner.email, wrong, { 'x-forwarded-for': `198.51.100.${i + 50}` }, '203.0.113.9')).statusCode);
    }
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('takes the host from a listed proxy', async () => {
    const res = await app.inject({ url: '/', remoteAddress: '10.9.9.9', headers: { host: own, 'x-forwarded-host': 'nobody.test' } });
    expect(res.headers.location).toBe('http://localhost:5004/Error_404_Not_Found');
    const direct = await app.inject({ url: '/', remoteAddress: '203.0.113.9', headers: { host: own, 'x-forwarded-host': 'nobody.test' } });
    expect(direct.headers.location).toBe('/home');
  });
});

describe('rate limits live in PostgreSQL', () => {
  it('a route limit counts across app nodes sharing one database', async () => {
    const a = await createTestApp();
    const b = await buildApp({ config: a.ctx.config, db: a.ctx.db });
    await b.ready();
    try {
      const statuses: number[] = [];
      // sign-in allows 20 calls a minute per address; unknown emails keep the failure throttle out of it
      for (let i = 0; i < 21; i++) {
        const node = i % 2 ? b : a;
        const res = await node.inject({
          method: 'POST',
          url: '/api/auth/user/logIn',
          remoteAddress: '198.51.100.77',
          payload: { email: `nobody${i}@example.test`, password: wrong },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await b.close();
    }
  });

  it('expired counters are pruned', async () => {
    const app = await createTestApp();
    await app.ctx.db.execute(
      sql`insert into rate_limits (key, count, expires_at) select 'old' || g, 1, now() - interval '1 hour' from generate_series(1, 50) g`,
    );
    await logIn(app, 'nobody@example.test', wrong);
    await expect
      .poll(
        async () =>
          (await app.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from rate_limits where key like 'old%'`)).rows[0]?.n,
      )
      .toBe(0);
  });
});
