import net, { type AddressInfo } from 'node:net';
import { encodePassword } from '@stashblog/contract/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSession } from '../modules/auth/auth.service.ts';
import { createBusiness } from '../modules/businesses/businesses.service.ts';
import { insertProducts } from '../modules/catalogues/test-products.ts';
import { badHostText, badRequestText, hostileUrl, stripNul, validHost } from './hostile-input.ts';

let app: TestApp;
let owner: { token: string; businessId: string };
beforeAll(async () => {
  app = await createTestApp();
  // made directly, not through the sign-in call: no request goes through the hooks outside a test
  // (mutation testing would take every hook line for a module-load one and run all tests for it)
  const { id } = await createBusiness(app.ctx, {
    businessName: 'nul-shop',
    name: 'Owner of nul-shop',
    email: 'nul-shop@example.test',
    password: 'correct-horse-1',
  });
  owner = { token: await createSession(app.ctx, id), businessId: id };
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
    // the query of the root path, and a query right after a one-character path
    expect(hostileUrl('/?a=%00')).toBeTruthy();
    expect(hostileUrl('/x?%0A')).toBeTruthy();
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

  it('says what is wrong in words, for the address and for the Host', async () => {
    const path = await app.inject({ url: '/x?a=%07', headers: { host: 'localhost' } });
    expect(path.json()).toMatchObject({ message: 'Bad request: the address contains characters that are not allowed' });
    const host = await app.inject({ url: '/x', headers: { host: 'shop$.example' } });
    expect(host.json()).toMatchObject({ message: 'Bad request: malformed Host header' });
  });

  it('refuses host names that a URL would take but no DNS name is', () => {
    for (const host of [
      '-shop.example',
      'shop$.example',
      'sh!op.example',
      `${'a'.repeat(64)}.example`,
      `shop.${'b'.repeat(64)}`,
      '.shop',
      'shop..example',
      'shop.-x',
      'shop.example..',
      'shop.example:',
      'shop.example:123a',
      '[::1]:',
      'x[::1]',
    ]) {
      expect({ host, ok: validHost(host) }).toEqual({ host, ok: false });
    }
    for (const host of [
      '_dmarc.example',
      `${'a'.repeat(63)}.example`,
      `a-${'b'.repeat(61)}.example`,
      'x.y:0',
      'shop.example:65535',
      'a',
      '0-a.b_c.d',
      '[2001:db8::1]',
      '[::ffff:127.0.0.1]:80',
    ]) {
      expect({ host, ok: validHost(host) }).toEqual({ host, ok: true });
    }
  });

  it('keeps every other JSON value as it is, and stops 64 levels down', () => {
    const body = { n: 1, t: true, f: false, z: null, list: [null, 0, 'a\u0000', [1, 'b']], o: {} };
    expect(stripNul(body)).toEqual({ n: 1, t: true, f: false, z: null, list: [null, 0, 'a', [1, 'b']], o: {} });
    expect(body.list).toHaveLength(4);
    expect(stripNul(null)).toBeNull();
    expect(stripNul(7)).toBe(7);
    const nest = (levels: number): unknown => (levels === 0 ? 'x\u0000' : [nest(levels - 1)]);
    const leaf = (v: unknown): unknown => (Array.isArray(v) ? leaf(v[0]) : v);
    expect(leaf(stripNul(nest(65)))).toBe('x');
    expect(leaf(stripNul(nest(66)))).toBe('x\u0000');
    // objects count their levels the same way
    const nestObject = (levels: number): unknown => (levels === 0 ? 'y\u0000' : { in: nestObject(levels - 1) });
    const inner = (v: unknown): unknown => (v && typeof v === 'object' ? inner((v as { in: unknown }).in) : v);
    expect(inner(stripNul(nestObject(65)))).toBe('y');
    expect(inner(stripNul(nestObject(66)))).toBe('y\u0000');
  });
});
