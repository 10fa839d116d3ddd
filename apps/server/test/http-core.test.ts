import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

describe('HTTP core', () => {
  it('answers /healthz from the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ ok: true });
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/auth/user/logIn',
      '/api/userAdmin/products/create',
      '/api/public/products/fetch',
      '/api/userAdmin/catalogues/create',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('wraps client errors in the envelope and never answers 5xx for bad input', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, payload: null });
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/auth/user/logIn',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().code).toBe(400);
    const wrongType = await app.inject({ method: 'POST', url: '/api/auth/user/logIn', payload: { email: ['a'], password: 42 } });
    expect(wrongType.statusCode).toBe(400);
  });

  it("sets helmet's security headers on every response, found or not", async () => {
    const expected = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/healthz', '/api/no-such-route']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('sends Strict-Transport-Security over HTTPS only, as TRUST_PROXY decides the scheme', async () => {
    const hsts = 'max-age=31536000; includeSubDomains';
    await app.owner('hsts-shop');
    const urls = ['/healthz', '/api/no-such-route', '/api/public/user/fetchHome?businessName=hsts-shop'];
    // plain HTTP, and an untrusted client claiming HTTPS: never (twice: the second public read is a cache hit)
    for (const url of [...urls, urls[2]]) {
      for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.headers['strict-transport-security'], `${url} ${JSON.stringify(headers)}`).toBeUndefined();
      }
    }
    // behind a trusted TLS proxy: HTTPS requests get it, its plain HTTP requests do not
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
    await proxied.owner('hsts-shop');
    for (const url of [...urls, urls[2]]) {
      const https = await proxied.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security'], url).toBe(hsts);
      const http = await proxied.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('config', () => {
  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('has the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/stash-config-test', SECRET: 's'.repeat(40) });
    expect(c).toMatchObject({ port: 5004, appHosts: ['localhost:5004', '127.0.0.1:5004'], databaseUrl: undefined, seedDemo: true });
  });
});
