import { encodePassword } from '@stashblog/contract/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { badRequestText, hostileUrl } from './hostile-input.ts';

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
