import { encodeId } from '@stashblog/contract/ids';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateBusiness } from '../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setDomain } from '../cli/set-domain.ts';
import { startContentVersions } from '../db/content-versions.ts';
import { domainClaims } from '../db/schema/domains.ts';
import { registerTenant } from './tenant.ts';

let app: TestApp;
const own = 'localhost:5004';
const id = encodeId('0190a0b0-0000-7000-8000-000000000001');

beforeAll(async () => {
  app = await createTestApp();
  await app.owner('plain-shop');
  await app.owner('domain-shop');
  await app.owner('port-shop');
  const blocked = await app.owner('blocked-shop');
  await setDomain(app.ctx, { businessName: 'domain-shop', domain: 'Shop.Test' });
  await setDomain(app.ctx, { businessName: 'port-shop', domain: 'port.test' });
  await setDomain(app.ctx, { businessName: 'blocked-shop', domain: 'blocked.test' });
  await updateBusiness(app.ctx, blocked.businessId, { isBlocked: true });
});

const get = (host: string, url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => app.inject({ method, url, headers: { host } });

async function expectRedirect(host: string, url: string, status: number, location: string) {
  const res = await get(host, url);
  expect({ url, status: res.statusCode, location: res.headers.location }).toEqual({ url, status, location });
}
async function expectServed(host: string, url: string) {
  const res = await get(host, url);
  expect({ url, redirected: [301, 302].includes(res.statusCode) }).toEqual({ url, redirected: false });
}

describe('tenant routing on our own host (SPEC §2)', () => {
  it('sends / to /home, keeping the query', async () => {
    await expectRedirect(own, '/', 302, '/home');
    await expectRedirect(own, '/?utm=x', 302, '/home?utm=x');
  });

  it('leaves marketing and global routes alone', async () => {
    for (const url of [
      '/home',
      '/showcases',
      '/support',
      `/getStarted/${btoa('"x-Plan"')}`,
      '/terms&conditions',
      '/terms&Conditions',
      '/privacyPolicy',
      '/faq',
      '/aboutUs',
      '/pricing',
      '/signIn',
      '/userAdmin/dashboard',
      '/search?searchQuery=vase',
      '/temp',
      '/Error_404_Not_Found',
      '/favicon.ico',
      '/robots.txt',
      '/assets/app.js',
      '/media/x/image.jpg',
      '/api/public/user/fetchAll',
    ])
      await expectServed(own, url);
    expect((await get(own, '/healthz')).statusCode).toBe(200);
  });

  it('sends unknown first segments and blocked businesses to /home', async () => {
    await expectRedirect(own, '/no-such-shop', 302, '/home');
    await expectRedirect(own, '/no-such-shop/products', 302, '/home');
    await expectRedirect(own, '/Home', 302, '/home');
    await expectRedirect(own, '/blocked-shop/home', 302, '/home');
  });

  it('sends a bare /{businessName} to its home, keeping the query', async () => {
    await expectRedirect(own, '/plain-shop', 302, '/plain-shop/home');
    await expectRedirect(own, '/plain-shop/', 302, '/plain-shop/home');
    await expectRedirect(own, '/plain-shop?ref=1', 302, '/plain-shop/home?ref=1');
  });

  it('serves every store page under the business prefix', async () => {
    for (const page of [
      '/home',
      '/products',
      `/products/${id}`,
      '/catalogues',
      `/catalogues/${id}`,
      '/aboutus',
      '/contactus',
      '/privateLink?pq=abc',
      '/search?searchQuery=vase',
      '/sitemap.xml',
      '/robots.txt',
    ])
      await expectServed(own, `/plain-shop${page}`);
    // the business sign-in is the one owner sign-in page (the web app sends it there)
    const signIn = await get(own, '/plain-shop/signIn');
    if ([301, 302].includes(signIn.statusCode)) expect(signIn.headers.location).toBe('/signIn');
  });

  it('sends unknown pages inside a business to its home', async () => {
    await expectRedirect(own, '/plain-shop/nope', 302, '/plain-shop/home');
    await expectRedirect(own, `/plain-shop/products/${id}/extra`, 302, '/plain-shop/home');
    await expectRedirect(own, '/plain-shop/userAdmin', 302, '/plain-shop/home');
  });

  it('answers any case of a real business name with 301 to its lowercase path, keeping the rest and the query (issue 22)', async () => {
    await expectRedirect(own, '/Plain-Shop/home', 301, '/plain-shop/home');
    await expectRedirect(own, `/PLAIN-SHOP/products/${id}?ref=mail&q=A%20B`, 301, `/plain-shop/products/${id}?ref=mail&q=A%20B`);
    await expectRedirect(own, '/pLain-shop/search?searchQuery=Vase', 301, '/plain-shop/search?searchQuery=Vase');
    await expectRedirect(own, '/Plain-Shop?ref=1', 301, '/plain-shop?ref=1');
    expect((await get(own, '/Plain-Shop/aboutus', 'HEAD')).headers.location).toBe('/plain-shop/aboutus');
    // unknown and blocked businesses stay as they were; a custom domain is moved to whatever the case
    await expectRedirect(own, '/No-Such-Shop/home', 302, '/home');
    await expectRedirect(own, '/Blocked-Shop/home', 302, '/home');
    await expectRedirect(own, '/Domain-Shop/home?ref=1', 302, 'http://shop.test/home?ref=1');
  });

  it('moves a business with a custom domain there, keeping path and query: 302/307 in its first week, 301/308 after', async () => {
    const moves = async (status: number, other: number) => {
      await expectRedirect(own, '/domain-shop', status, 'http://shop.test/home');
      await expectRedirect(own, '/domain-shop/', status, 'http://shop.test/home');
      await expectRedirect(own, '/domain-shop/home', status, 'http://shop.test/home');
      await expectRedirect(own, `/domain-shop/products/${id}?ref=mail`, status, `http://shop.test/products/${id}?ref=mail`);
      const post = await get(own, '/domain-shop/contactus?x=1', 'POST');
      expect({ status: post.statusCode, location: post.headers.location }).toEqual({
        status: other,
        location: 'http://shop.test/contactus?x=1',
      });
    };
    // a browser keeps a 301 even after the domain is removed: not for a domain verified days ago
    await moves(302, 307);
    const verifiedAgo = (days: number) =>
      app.ctx.db
        .update(domainClaims)
        .set({ verifiedAt: new Date(Date.now() - days * 24 * 3600_000) })
        .where(eq(domainClaims.domain, 'shop.test'));
    await verifiedAgo(6.9);
    await moves(302, 307);
    await verifiedAgo(7.1);
    await moves(301, 308);
    await verifiedAgo(0);
  });

  it('treats Host case-insensitively and never redirects data requests', async () => {
    await expectRedirect('LOCALHOST:5004', '/', 302, '/home');
    expect((await get(own, '/no-such-shop', 'HEAD')).statusCode).toBe(302);
    await expectServed(own, '/no-such-shop.data');
    await expectServed(own, '/plain-shop/nope.data');
  });

  it('answers a search page for a business name no business can have with 404, also where the hook lets it through', async () => {
    const long = 'a'.repeat(101); // business names are at most 100 characters
    expect((await get(own, `/${long}/search.data?searchQuery=vase`)).statusCode).toBe(404);
    expect((await get(own, `/${long}/search?searchQuery=vase`, 'POST')).statusCode).toBeLessThan(500);
  });
});

describe('tenant routing on a custom domain (SPEC §2)', () => {
  it('sends / to /home', async () => {
    await expectRedirect('shop.test', '/', 302, '/home');
    await expectRedirect('shop.test', '/?q=1', 302, '/home?q=1');
  });

  it('serves the store pages without a prefix', async () => {
    for (const url of [
      '/home',
      '/products',
      `/products/${id}`,
      '/catalogues',
      `/catalogues/${id}`,
      '/aboutus',
      '/contactus',
      '/privateLink?cq=abc',
      '/search?searchQuery=vase',
      '/signIn',
      '/sitemap.xml',
      '/robots.txt',
      '/assets/app.js',
      '/api/public/user/checkDomain',
    ])
      await expectServed('shop.test', url);
  });

  it('sends every other path to /home', async () => {
    for (const url of ['/showcases', '/domain-shop/home', '/userAdmin/dashboard', '/aboutUs', `/products/${id}/x`, '/nope'])
      await expectRedirect('shop.test', url, 302, '/home');
  });

  it('matches the Host with its port, without its port, and in any case', async () => {
    await expectServed('SHOP.TEST', '/home');
    await expectServed('port.test:8080', '/home');
    await expectServed('shop.test:443', '/products');
  });

  it('sends an unknown or blocked domain to the platform 404 page', async () => {
    await expectRedirect('unknown.test', '/home', 302, 'http://localhost:5004/Error_404_Not_Found');
    await expectRedirect('unknown.test', '/', 302, 'http://localhost:5004/Error_404_Not_Found');
    await expectRedirect('blocked.test', '/home', 302, 'http://localhost:5004/Error_404_Not_Found');
  });
});

describe('noindex', () => {
  it('marks admin and private-link pages noindex on both hosts, and nothing else', async () => {
    for (const [host, url] of [
      [own, '/userAdmin/dashboard'],
      [own, '/plain-shop/privateLink?pq=x'],
      ['shop.test', '/privateLink?cq=x'],
    ])
      expect((await get(host, url)).headers['x-robots-tag'], url).toBe('noindex, nofollow');
    expect((await get(own, '/plain-shop/home')).headers['x-robots-tag']).toBeUndefined();
    expect((await get('shop.test', '/products')).headers['x-robots-tag']).toBeUndefined();
  });
});

describe('request.tenant', () => {
  async function echoApp(publicUrl: string) {
    const echo = Fastify();
    const versions = await startContentVersions(app.ctx.db, { warn: () => {} });
    echo.addHook('onClose', () => versions.close());
    registerTenant(echo, { ...app.ctx, config: { ...app.ctx.config, publicUrl } }, versions);
    echo.get('/*', async (request) => ({ tenant: request.tenant }));
    echo.post('/*', async (request) => ({ tenant: request.tenant }));
    await echo.ready();
    return echo;
  }

  it('names the business and whether it is on its own domain', async () => {
    const echo = await echoApp('http://localhost:5004');
    const tenant = async (host: string, url: string) => (await echo.inject({ url, headers: { host } })).json().tenant;
    expect(await tenant(own, '/home')).toBeNull();
    expect(await tenant(own, '/plain-shop/products')).toEqual({ businessName: 'plain-shop', onOwnDomain: false });
    expect(await tenant(own, '/plain-shop/home.data')).toEqual({ businessName: 'plain-shop', onOwnDomain: false });
    expect(await tenant(own, '/Plain-Shop/home.data')).toEqual({ businessName: 'plain-shop', onOwnDomain: false });
    expect(await tenant('shop.test', '/products')).toEqual({ businessName: 'domain-shop', onOwnDomain: true });
    expect(await tenant('shop.test', '/_root.data')).toEqual({ businessName: 'domain-shop', onOwnDomain: true });
    const post = await echo.inject({ method: 'POST', url: '/no-such-shop', headers: { host: own } });
    expect(post.statusCode).toBe(200);
    await echo.close();
  });

  it('redirects to https domains when the public URL is https', async () => {
    const echo = await echoApp('https://stash.example');
    const res = await echo.inject({ url: '/domain-shop/aboutus', headers: { host: own } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://shop.test/aboutus');
    const unknown = await echo.inject({ url: '/', headers: { host: 'nobody.test' } });
    expect(unknown.headers.location).toBe('https://stash.example/Error_404_Not_Found');
    await echo.close();
  });
});

describe('set-domain', () => {
  it('refuses unknown businesses and taken domains, and clears with an empty domain', async () => {
    await expect(setDomain(app.ctx, { businessName: 'ghost', domain: 'g.test' })).rejects.toMatchObject({ status: 404 });
    await expect(setDomain(app.ctx, { businessName: 'plain-shop', domain: 'shop.test' })).rejects.toMatchObject({ status: 409 });
    await expect(setDomain(app.ctx, { businessName: 'plain-shop', domain: 'bad host!' })).rejects.toMatchObject({ status: 400 });
    await expect(setDomain(app.ctx, { businessName: 'plain-shop', domain: 'localhost:5004' })).rejects.toMatchObject({ status: 400 });
    expect(await setDomain(app.ctx, { businessName: 'port-shop', domain: 'PORT.test' })).toEqual({
      businessName: 'port-shop',
      domain: 'port.test',
    });
    expect(await setDomain(app.ctx, { businessName: 'port-shop', domain: '' })).toEqual({ businessName: 'port-shop', domain: null });
  });
});
