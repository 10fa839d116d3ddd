import { encodePassword } from '@stashblog/contract/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { badHostText, badRequestText, hostileUrl, stripNul, validHost } from './hostile-input.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await app.owner('nul-shop');
});

describe('control characters at the edge', () => {
  it('finds control characters however they are encoded, and leaves other text alone', () => {
    expect(hostileUrl('/%00')).toBeTruthy();
    expect(hostileUrl('/x/products?category=%00')).toBeTruthy();
    expect(hostileUrl('/x?a=%1B%5B31m')).toBeTruthy();
    expect(hostileUrl('/x?a=100%')).toBeNull();
    expect(hostileUrl('/x?a=%E0%A4%95%E0%A4%BE')).toBeNull();
    expect(hostileUrl('/%E0%A4')).toBeNull();
  });

  it('answers 400 with a short message, never 500, for the URLs that used to fail', async () => {
    for (const url of [
      '/api/public/products/fetchAll?businessName=%00',
      '/api/public/products/fetch?businessName=%00&id=x',
      '/api/public/products/fetchSuggestions?businessName=%00',
      '/api/public/catalogues/visits?businessName=%00',
      '/%00',
      '/%00/products/x',
      '/%00.data',
      '/nul-shop/products?category=%00',
    ]) {
      const res = await app.inject({ url, headers: { host: 'localhost:5004' } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json().message).toBe(badRequestText);
    }
  });

  it('refuses a malformed Host, and takes names, addresses and ports', async () => {
    for (const host of ['localhost:5004', 'shop.example.com', 'xn--80ak6aa92e.com', '127.0.0.1:80', '[::1]:5004', 'SHOP.Test.']) {
      expect({ host, ok: validHost(host) }).toEqual({ host, ok: true });
    }
    for (const host of ['javascript:alert(1)', '[]', 'a b', 'x\\y', '<script>', 'a:b:c', '%00', '99999999999999999999999']) {
      expect({ host, ok: validHost(host) }).toEqual({ host, ok: false });
    }
    const res = await app.inject({ url: '/signIn', headers: { host: 'javascript:alert(1)' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(badHostText);
  });

  it('drops NUL from every string of a JSON body, keys included', () => {
    const body = { a: 'x\u0000y', list: ['\u0000', { deep: 'p\u0000q' }], 'k\u0000ey': 1 };
    expect(stripNul(body)).toEqual({ a: 'xy', list: ['', { deep: 'pq' }], key: 1 });
  });

  it('drops NUL inside JSON text fields instead of failing (the shared safeText type)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/user/logIn',
      payload: { email: 'nul-shop@example.\u0000test', password: encodePassword('correct-horse-1') },
    });
    expect(res.statusCode).toBe(201);
    const bad = await app.inject({ method: 'POST', url: '/api/auth/user/logIn', payload: { email: 'a\u0000b', password: 'eA==' } });
    expect(bad.statusCode).toBe(401);
  });
});
