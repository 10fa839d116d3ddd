import { existsSync } from 'node:fs';
import path from 'node:path';
import { encodeId } from '@stashblog/contract/ids';
import { generatePrivateLinkCode } from '@stashblog/contract/private-links';
import type { Product } from '@stashblog/contract/products';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDatabase } from '../db/client.ts';
import { startContentVersions } from '../db/content-versions.ts';
import { products } from '../db/schema/products.ts';
import { productsWritten } from '../db/tenant-writes.ts';
import { createSession } from '../modules/auth/auth.service.ts';
import { createBusiness } from '../modules/businesses/businesses.service.ts';
import { recordProductVisit } from '../modules/products/products.service.ts';
import { createPublicCache, nonceCacheControl, publicCacheControl } from './public-cache.ts';

// The public cache (decision 014): what a visitor sees follows every write at once on this node
// and within a second from another node (a write straight into the database stands in for one);
// signed-in and private-link answers never come from or go into it.
type Owner = { token: string; businessId: string; businessName: string };
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

async function newOwner(businessName: string): Promise<Owner> {
  const { id } = await createBusiness(app.ctx, {
    businessName,
    name: businessName,
    email: `${businessName}@example.test`,
    password: 'pw-123456789',
  });
  return { token: await createSession(app.ctx, id), businessId: id, businessName };
}

const admin = (owner: Owner, method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url, headers: { authorization: owner.token }, payload });

async function publicProduct(owner: Owner, productName: string): Promise<Product> {
  const res = await admin(owner, 'POST', '/api/userAdmin/products/create', { category: 'Lamps', productName, description: 'Hand made' });
  expect(res.statusCode, res.body).toBe(201);
  const product = res.json().payload.product as Product;
  expect((await admin(owner, 'PUT', '/api/userAdmin/products/updateStatus', { id: product._id })).json().payload.status).toBe(true);
  return product;
}

const list = (owner: Owner, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/public/products/fetchAll?businessName=${owner.businessName}&pageNo=1&perPage=12`, headers });
const listed = (res: { json: () => { payload: { products: Product[] } } }) => res.json().payload.products.map((p) => p.productName);

describe('public cache', () => {
  it('serves a repeated public read from memory with an ETag, and answers 304 to a matching If-None-Match', async () => {
    const owner = await newOwner('cache-etag');
    for (const name of ['Brass lamp', 'Teak chair', 'Jute basket', 'Marble table']) await publicProduct(owner, name);
    const first = await list(owner);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.headers['cache-control']).toBe(publicCacheControl);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"\d+-/);

    const second = await list(owner);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers.etag).toBe(etag);
    expect(second.body).toBe(first.body);
    // a hit is answered ahead of every other hook (decision 035), with every header the first answer had
    const { 'x-cache': _, date: _d, ...hitHeaders } = second.headers;
    const { date: _d1, ...missHeaders } = first.headers;
    expect(hitHeaders).toEqual(missHeaders);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    // ... and only to the very request that was kept: another Host, a hostile one or hostile bytes are not hits
    const hostile = await list(owner, { host: 'bad host' });
    expect(hostile.statusCode).toBe(400);
    const badQuery = await app.inject({
      method: 'GET',
      url: `/api/public/products/fetchAll?businessName=${owner.businessName}&pageNo=1&perPage=12&x=%01`,
    });
    expect(badQuery.statusCode).toBe(400);

    const revalidated = await list(owner, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // another version's tag gets the full answer
    expect((await list(owner, { 'if-none-match': 'W/"0-nothing"' })).statusCode).toBe(200);

    // compressed answers come from the cache too, and decode to the same JSON
    const br = await list(owner, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-cache']).toBe('HIT');
  });

  it('shows a product made private and answers anew after a theme change on the very next request', async () => {
    const owner = await newOwner('cache-writes');
    const lamp = await publicProduct(owner, 'Brass lamp');
    await publicProduct(owner, 'Teak chair');
    expect(listed(await list(owner)).sort()).toEqual(['Brass lamp', 'Teak chair']);
    expect((await list(owner)).headers['x-cache']).toBe('HIT');
    const etag = (await list(owner)).headers.etag as string;

    await admin(owner, 'PUT', '/api/userAdmin/products/updateStatus', { id: lamp._id });
    const after = await list(owner, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(listed(after)).toEqual(['Teak chair']);

    const home = () => app.inject({ method: 'GET', url: `/api/public/user/fetchHome?businessName=${owner.businessName}` });
    const before = await home();
    expect(before.statusCode, before.body).toBe(200);
    expect((await home()).headers['x-cache']).toBe('HIT');
    const themed = await admin(owner, 'PUT', '/api/userAdmin/user/updateTheme', { template: 'template1', theme: 'theme3' });
    expect(themed.statusCode, themed.body).toBe(200);
    // the home call does not carry the theme, but it is made afresh (the pages below show it)
    expect((await home()).headers['x-cache']).toBeUndefined();
  });

  it('follows a write made by another node (its own connection to the database) within a second', async () => {
    const owner = await newOwner('cache-remote');
    const lamp = await publicProduct(owner, 'Brass lamp');
    expect(listed(await list(owner))).toEqual(['Brass lamp']);
    expect((await list(owner)).headers['x-cache']).toBe('HIT');

    // not through this app's pool: only the poll of the content versions can tell this node
    const other = createDatabase(app.ctx.db.$client.options.connectionString as string);
    await other.db.transaction(async (tx) => {
      await tx.update(products).set({ productName: 'Copper lamp' }).where(eq(products.id, lamp._id));
      await productsWritten(tx, { businessId: owner.businessId, ids: [lamp._id] });
    });
    await other.pool.end();
    const deadline = Date.now() + 1000;
    let names = listed(await list(owner));
    while (names[0] !== 'Copper lamp' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      names = listed(await list(owner));
    }
    expect(names).toEqual(['Copper lamp']);
  });

  it('does not bump the version for view counters', async () => {
    const owner = await newOwner('cache-counters');
    const lamp = await publicProduct(owner, 'Brass lamp');
    const version = async () =>
      Number(
        (await app.ctx.db.execute<{ v: string }>(sql`select version as v from content_versions where business_id = ${owner.businessId}`))
          .rows[0]?.v,
      );
    const v0 = await version();
    expect(v0).toBeGreaterThan(0);
    const visitor = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' };
    expect(await recordProductVisit(app.ctx, { businessName: owner.businessName, id: lamp._id, visitor })).toEqual({ counted: true });
    expect(await version()).toBe(v0);
    expect((await admin(owner, 'PUT', '/api/userAdmin/products/promote', { id: lamp._id })).statusCode).toBe(200);
    expect(await version()).toBe(v0 + 1);
  });

  it('leaves hostile business names to the route (no 5xx from the cache)', async () => {
    for (const businessName of ['nobody\u0000here', 'x'.repeat(5000), "'; drop table products; --"]) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/public/catalogues/fetchAll',
        query: { businessName, pageNo: '1', perPage: '12' },
      });
      expect(res.statusCode, `${businessName.slice(0, 20)} ${res.body}`).toBeLessThan(500);
      expect(res.headers['x-cache']).toBeUndefined();
    }
  });

  it('sends the headers kept with an entry on every 200 from it, and not on a 304', async () => {
    const owner = await newOwner('cache-headers');
    const versions = await startContentVersions(app.ctx.db, { warn: () => {} });
    const cache = createPublicCache(versions);
    const server = Fastify();
    let renders = 0;
    server.get('/page', async (request, reply) => {
      const ticket = await cache.ticket(request, owner.businessName);
      if (!ticket) throw new Error('a public page of a known business is cacheable');
      if (cache.serve(ticket, request, reply)) return reply;
      renders++;
      const body = Buffer.from(`<script>hydrate(${renders})</script>`);
      cache.store(ticket, reply, body, 'text/html; charset=utf-8', { 'content-security-policy': `script-src 'sha256-${renders}'` });
      return reply.type('text/html; charset=utf-8').send(body);
    });
    try {
      const first = await server.inject({ method: 'GET', url: '/page' });
      const second = await server.inject({ method: 'GET', url: '/page' });
      expect(renders).toBe(1);
      expect(second.headers['x-cache']).toBe('HIT');
      for (const res of [first, second]) {
        expect(res.body).toBe('<script>hydrate(1)</script>');
        expect(res.headers['content-security-policy']).toBe("script-src 'sha256-1'");
        expect(res.headers['cache-control']).toBe(publicCacheControl);
      }
      const notModified = await server.inject({ method: 'GET', url: '/page', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.headers['content-security-policy']).toBeUndefined();
    } finally {
      await server.close();
      await versions.close();
    }
  });

  it('never serves or keeps signed-in answers', async () => {
    const owner = await newOwner('cache-signed-in');
    await publicProduct(owner, 'Brass lamp');
    const signedIn = await list(owner, { authorization: owner.token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.headers['cache-control']).not.toBe(publicCacheControl);
    // the signed-in answer was not kept: the first anonymous read is made afresh; both anonymous
    // answers tell a CDN that an answer to a request with credentials is another one
    for (const [i, anonymous] of [await list(owner), await list(owner)].entries()) {
      expect(anonymous.headers['x-cache']).toBe(i === 0 ? undefined : 'HIT');
      expect(String(anonymous.headers.vary).split(/,\s*/).sort()).toEqual(['accept-encoding', 'authorization']);
    }
    // and a cached answer is not handed to a signed-in caller
    expect((await list(owner, { authorization: owner.token })).headers['x-cache']).toBeUndefined();
  });

  it('never serves or keeps private-link answers', async () => {
    const owner = await newOwner('cache-private');
    const res = await admin(owner, 'POST', '/api/userAdmin/products/create', {
      category: 'Lamps',
      productName: 'Secret lamp',
      description: 'x',
    });
    const id = res.json().payload.product._id as string;
    const link = await admin(owner, 'POST', '/api/userAdmin/products/generatePrivateLink', {
      fkProductId: id,
      privateLink: generatePrivateLinkCode(),
      linkExpiresAt: { unit: 'Hours', amount: 1 },
      allowMultipleUsers: true,
    });
    expect(link.statusCode, link.body).toBe(201);
    const code = link.json().payload.privateLink.privateLink as string;
    const open = () =>
      app.inject({ method: 'GET', url: `/api/public/products/fetchPrivateLink?businessName=${owner.businessName}&privateLink=${code}` });
    for (const res of [await open(), await open()]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-cache']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      expect(String(res.headers['cache-control'])).not.toContain('public');
    }
  });
});

// Pages need the web build (`npm test` builds it first; a bare server checkout has none).
describe.skipIf(!existsSync(path.join(import.meta.dirname, '../../../web/build/server/index.js')))('public cache: storefront pages', () => {
  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: app.ctx.config.appHosts[0], ...headers } });

  it('keeps anonymous product and home pages until a write to the business, then renders them anew', async () => {
    const owner = await newOwner('cache-pages');
    const lamp = await publicProduct(owner, 'Brass lamp');
    const url = `/${owner.businessName}/products/${encodeURIComponent(encodeId(lamp._id))}`;
    const first = await page(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toContain('Brass lamp');
    // the page has no nonce but the hashes of its scripts: a CDN may keep it briefly (decision 022)
    expect(first.headers['cache-control']).toBe(publicCacheControl);
    expect(first.body).not.toContain('nonce=');
    const cached = await page(url);
    expect(cached.headers['x-cache']).toBe('HIT');
    expect(cached.headers['cache-control']).toBe(publicCacheControl);
    expect(cached.body).toBe(first.body);
    expect(cached.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect((await page(url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    const renamed = await admin(owner, 'PUT', '/api/userAdmin/products/update', {
      id: lamp._id,
      category: 'Lamps',
      productName: 'Copper lamp',
      description: 'Hand made',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await page(url);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.body).toContain('Copper lamp');
    expect(after.body).not.toContain('Brass lamp');

    const home = `/${owner.businessName}/home`;
    expect((await page(home)).body).toContain('data-theme="default"');
    expect((await page(home)).headers['x-cache']).toBe('HIT');
    await admin(owner, 'PUT', '/api/userAdmin/user/updateTheme', { template: '', theme: 'theme3' });
    expect((await page(home)).body).toContain('data-theme="theme3"');

    await admin(owner, 'PUT', '/api/userAdmin/products/updateStatus', { id: lamp._id });
    const gone = await page(url);
    expect(gone.statusCode).toBe(404);
    // an error page is not kept: it has a nonce of its own and no shared cache may keep it
    expect(gone.headers['cache-control']).toBe(nonceCacheControl);
    expect(String(gone.headers['content-security-policy'])).toContain("'nonce-");
  });

  it('never keeps or serves a storefront page asked for with credentials', async () => {
    const owner = await newOwner('cache-pages-signed-in');
    await publicProduct(owner, 'Brass lamp');
    const url = `/${owner.businessName}/products`;
    const signedIn = async () => {
      const res = await page(url, { authorization: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-cache']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBe(nonceCacheControl);
      return /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    };
    const [n1, n2] = [await signedIn(), await signedIn()];
    expect(n1).toBeTruthy();
    expect(n2).not.toBe(n1);
    // and it was not kept: the first anonymous visit renders anew, the second is a hit; both tell a
    // CDN that an answer to a request with credentials is another one
    for (const [i, anonymous] of [await page(url), await page(url)].entries()) {
      expect(anonymous.headers['x-cache']).toBe(i === 0 ? undefined : 'HIT');
      expect(String(anonymous.headers.vary).split(/,\s*/).sort()).toEqual(['accept-encoding', 'authorization']);
    }
    expect((await signedIn()) ?? '').not.toBe('');
  });
});
