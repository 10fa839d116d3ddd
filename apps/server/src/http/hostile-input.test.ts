import net, { type AddressInfo } from 'node:net';
import { encodePassword } from '@stashblog/contract/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertProducts } from '../modules/catalogues/test-products.ts';
import { badHostText, badRequestText, hostileUrl, stripNul, validHost } from './hostile-input.ts';

let app: TestApp;
let owner: Awaited<ReturnType<TestApp['owner']>>;
beforeAll(async () => {
  app = await createTestApp();
  owner = await app.owner('nul-shop');
});

/** One request written on a real socket exactly as given (light-my-request always adds a Host); the status code. */
async function rawStatus(request: string): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  return Number(answer.match(/^HTTP\/1\.[01] (\d{3}) /)?.[1]);
}

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
  it('serves a request that carries no Host header at all (HTTP/1.0), and still refuses a malformed one', async () => {
    const url = '/api/public/products/fetchAll?businessName=nul-shop';
    expect(await rawStatus(`GET ${url} HTTP/1.0\r\n\r\n`)).toBe(200);
    expect(await rawStatus(`GET ${url} HTTP/1.0\r\nHost: localhost\r\n\r\n`)).toBe(200);
    expect(await rawStatus(`GET ${url} HTTP/1.0\r\nHost: a b\r\n\r\n`)).toBe(400);
  });

  it('takes a host name up to 260 characters and refuses a longer one', async () => {
    const label = 'a'.repeat(63);
    const longest = `${label}.${label}.${label}.${label}.abcd`;
    expect(longest).toHaveLength(260);
    const url = '/api/public/products/fetchAll?businessName=nul-shop';
    expect((await app.inject({ url, headers: { host: longest } })).statusCode).toBe(200);
    const tooLong = await app.inject({ url, headers: { host: `${longest.slice(0, -4)}abcde` } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(badHostText);
  });

  it('drops NUL from JSON body fields whose schema does not, and from keys, before validation', async () => {
    // catalogue member ids are plain strings (not safeText): the NUL goes before the id is read
    const ids = await insertProducts(app, owner.businessId, [{ productName: 'Lamp' }, { productName: 'Vase' }, { productName: 'Bowl' }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/userAdmin/catalogues/create',
      headers: { authorization: owner.token },
      payload: {
        catalogueName: 'Nul set',
        description: 'x',
        'prod\u0000ucts': ids.map((id) => `${id.slice(0, 8)}\u0000${id.slice(8)}\u0000`),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payload.catalogue).toMatchObject({ catalogueName: 'Nul set', totalProducts: 3 });
  });
});
