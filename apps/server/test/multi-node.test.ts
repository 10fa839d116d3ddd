import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { encodePassword } from '@stashblog/contract/auth';
import { encodeId } from '@stashblog/contract/ids';
import type { Product } from '@stashblog/contract/products';
import { serverTexts } from '@stashblog/contract/server-texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDomain } from '../src/cli/set-domain.ts';
import { createSession } from '../src/modules/auth/auth.service.ts';
import { createBusiness } from '../src/modules/businesses/businesses.service.ts';
import { appNodes } from './app-nodes.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Two real app processes (`src/main.ts`) on one PostgreSQL: what one node writes, the other shows
// within a second (content versions polled, decisions 014 and 055), and the login limits count attempts made
// through both nodes together (PostgreSQL rate-limit store and login throttle, decision 011).
const serverDir = path.resolve(import.meta.dirname, '..');
const hasWebBuild = existsSync(path.resolve(serverDir, '../web/build/server/index.js'));
let app: TestApp;
let nodeA: string;
let nodeB: string;

const sharedHost = 'stash.test';

/** A GET with the shared public host, as a CDN in front of both nodes would send it (fetch keeps its own Host). */
function getShared(
  base: string,
  url: string,
  host = sharedHost,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers: { host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

let nodes: ReturnType<typeof appNodes>;

beforeAll(async () => {
  app = await createTestApp();
  nodes = appNodes(app.ctx.db.$client.options.connectionString as string);
  // one public origin for both, as behind one load balancer or CDN (its host is an app host)
  const env = { PUBLIC_URL: `http://${sharedHost}` };
  const [a, b] = await Promise.all([nodes.start({ env }), nodes.start({ env })]);
  nodeA = a.base;
  nodeB = b.base;
}, 300_000);

afterAll(() => nodes.stopAll(), 30_000);

const send = (base: string, method: string, url: string, { token, body }: { token?: string; body?: object } = {}) =>
  fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

async function signedInOwner(businessName: string): Promise<string> {
  const email = `${businessName}@example.test`;
  const { id } = await createBusiness(app.ctx, { businessName, name: businessName, email, password: 'pw-123456789' });
  return createSession(app.ctx, id);
}

describe('two app nodes on one database', () => {
  it('a product made private through node A leaves node B’s API and page within a second', async () => {
    const token = await signedInOwner('two-nodes');
    const created = await send(nodeA, 'POST', '/api/userAdmin/products/create', {
      token,
      body: { category: 'Lamps', productName: 'Brass lamp', description: 'Hand made' },
    });
    expect(created.status).toBe(201);
    const lamp = ((await created.json()) as { payload: { product: Product } }).payload.product;
    expect((await send(nodeA, 'PUT', '/api/userAdmin/products/updateStatus', { token, body: { id: lamp._id } })).status).toBe(200);

    const listUrl = '/api/public/products/fetchAll?businessName=two-nodes&pageNo=1&perPage=12';
    const pageUrl = `/two-nodes/products/${encodeURIComponent(encodeId(lamp._id))}`;
    const names = async () =>
      ((await (await send(nodeB, 'GET', listUrl)).json()) as { payload: { products: Product[] } }).payload.products.map(
        (p) => p.productName,
      );
    // node B has both answers in its cache
    expect(await names()).toEqual(['Brass lamp']);
    expect((await send(nodeB, 'GET', listUrl)).headers.get('x-cache')).toBe('HIT');
    if (hasWebBuild) {
      expect((await send(nodeB, 'GET', pageUrl)).status).toBe(200);
      expect((await send(nodeB, 'GET', pageUrl)).headers.get('x-cache')).toBe('HIT');
      // a shared page has no nonce (decision 022): both nodes send the same bytes, tag and policy,
      // so a CDN in front of both may keep either node's copy and revalidate it with the other
      const [fromA, fromB] = [await getShared(nodeA, pageUrl), await getShared(nodeB, pageUrl)];
      expect(fromA.body).toContain('Brass lamp');
      expect(fromA.headers.etag).toBe(fromB.headers.etag);
      expect(fromA.headers['content-security-policy']).toContain("'sha256-");
      expect(fromA.headers['content-security-policy']).toBe(fromB.headers['content-security-policy']);
      expect(fromA.body).toBe(fromB.body);
    }

    expect((await send(nodeA, 'PUT', '/api/userAdmin/products/updateStatus', { token, body: { id: lamp._id } })).status).toBe(200);
    const madePrivate = Date.now();
    let listed = await names();
    while (listed.length > 0 && Date.now() - madePrivate < 1000) listed = await names();
    expect(listed).toEqual([]);
    if (hasWebBuild) {
      let status = (await send(nodeB, 'GET', pageUrl)).status;
      while (status === 200 && Date.now() - madePrivate < 1000) status = (await send(nodeB, 'GET', pageUrl)).status;
      expect(status).toBe(404);
    }
    expect(Date.now() - madePrivate).toBeLessThan(1000);
  });

  // Issue 13's acceptance: a write to a product, catalogue, profile or theme changes the next public
  // answer and page on the node that wrote it at once, and on the other node within a second.
  it('a product, catalogue, profile or theme write shows at once on the writing node and within a second on the other', async () => {
    const token = await signedInOwner('write-shop');
    const write = async (method: string, url: string, body: object) => {
      const res = await send(nodeA, method, url, { token, body });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return ((await res.json()) as { payload: Record<string, { _id: string }> }).payload;
    };
    const { product } = await write('POST', '/api/userAdmin/products/create', {
      category: 'Lamps',
      productName: 'Brass lamp',
      description: 'Hand made',
    });
    await write('PUT', '/api/userAdmin/products/updateStatus', { id: product._id });
    // a catalogue holds at least three products
    const others: string[] = [];
    for (const productName of ['Teak chair', 'Jute basket'])
      others.push(
        (await write('POST', '/api/userAdmin/products/create', { category: 'Home', productName, description: 'Hand made' })).product._id,
      );
    const { catalogue } = await write('POST', '/api/userAdmin/catalogues/create', {
      catalogueName: 'Spring lamps',
      description: 'Lamps for spring',
      products: [product._id, ...others],
    });
    await write('PUT', '/api/userAdmin/catalogues/updateStatus', { id: catalogue._id });
    const details = {
      logo: '',
      email: 'write-shop@example.test',
      address: '1 Mill Road',
      phoneNo: '9876543210',
      facebookLink: '',
      instagramLink: '',
      youtubeChannelLink: '',
      pinterestLink: '',
      linkedInLink: '',
      websiteLink: '',
    };
    await write('PUT', '/api/userAdmin/user/updateDetails', { ...details, description: 'Old story of the shop' });

    const productPage = `/write-shop/products/${encodeURIComponent(encodeId(product._id))}`;
    const cataloguePage = `/write-shop/catalogues/${encodeURIComponent(encodeId(catalogue._id))}`;
    const cases = [
      {
        what: 'product',
        urls: ['/api/public/products/fetchAll?businessName=write-shop&pageNo=1&perPage=12', productPage],
        before: 'Brass lamp',
        after: 'Copper lamp',
        change: () =>
          write('PUT', '/api/userAdmin/products/update', {
            id: product._id,
            category: 'Lamps',
            productName: 'Copper lamp',
            description: 'Hand made',
          }),
      },
      {
        what: 'catalogue',
        urls: ['/api/public/catalogues/fetchAll?businessName=write-shop&pageNo=1&perPage=12', cataloguePage],
        before: 'Spring lamps',
        after: 'Autumn lamps',
        change: () =>
          write('PUT', '/api/userAdmin/catalogues/update', {
            id: catalogue._id,
            catalogueName: 'Autumn lamps',
            description: 'Lamps for spring',
            products: [product._id, ...others],
          }),
      },
      {
        what: 'profile',
        urls: ['/api/public/user/fetchAboutUs?businessName=write-shop', '/write-shop/aboutus'],
        before: 'Old story of the shop',
        after: 'New story of the shop',
        change: () => write('PUT', '/api/userAdmin/user/updateDetails', { ...details, description: 'New story of the shop' }),
      },
      {
        what: 'theme',
        urls: ['/write-shop/home'],
        before: 'data-theme="default"',
        after: 'data-theme="theme3"',
        change: () => write('PUT', '/api/userAdmin/user/updateTheme', { template: '', theme: 'theme3' }),
      },
    ];
    for (const c of cases) {
      const urls = c.urls.filter((u) => hasWebBuild || u.startsWith('/api/'));
      // both nodes hold every answer in their caches before the write
      for (const base of [nodeA, nodeB])
        for (const url of urls) {
          expect(await (await send(base, 'GET', url)).text(), `${c.what} ${url}`).toContain(c.before);
          expect((await send(base, 'GET', url)).headers.get('x-cache'), `${c.what} ${url}`).toBe('HIT');
        }
      await c.change();
      const written = Date.now();
      for (const url of urls) {
        const body = await (await send(nodeA, 'GET', url)).text();
        expect(body, `${c.what} on the writing node ${url}`).toContain(c.after);
        expect(body).not.toContain(c.before);
      }
      for (const url of urls) {
        let body = await (await send(nodeB, 'GET', url)).text();
        while (!body.includes(c.after) && Date.now() - written < 1000) body = await (await send(nodeB, 'GET', url)).text();
        expect(body, `${c.what} on the other node ${url}`).toContain(c.after);
      }
      expect(Date.now() - written, c.what).toBeLessThan(1000);
    }
  });

  it('counts sign-in attempts made through both nodes together', async () => {
    await createBusiness(app.ctx, { businessName: 'limit-shop', name: 'Limit', email: 'limit@example.test', password: 'right-password-1' });
    const logIn = (base: string, email: string, password: string) =>
      send(base, 'POST', '/api/auth/user/logIn', { body: { email, password: encodePassword(password) } });

    // the account throttle (5 failures per account and address): 3 through A, 2 through B, then both refuse
    for (const base of [nodeA, nodeA, nodeA, nodeB, nodeB])
      expect((await logIn(base, 'limit@example.test', 'wrong-password')).status).toBe(401);
    for (const base of [nodeA, nodeB]) {
      const refused = await logIn(base, 'limit@example.test', 'right-password-1');
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toBe(serverTexts.tooManyAttempts);
    }

    // the route limit (20 sign-in calls a minute per address): 7 so far; 7 more through A and 6
    // through B use it up, so the next call is refused on either node
    for (let i = 0; i < 13; i++) {
      const res = await logIn(i % 2 ? nodeB : nodeA, `nobody-${i}@example.test`, 'whatever-1');
      expect(res.status, `attempt ${i + 8}`).toBe(401);
    }
    expect((await logIn(nodeB, 'nobody-x@example.test', 'whatever-1')).status).toBe(429);
    expect((await logIn(nodeA, 'nobody-y@example.test', 'whatever-1')).status).toBe(429);
  });

  // Issue 20 item 8: a node cached host → business lookups for seconds, so after a domain was set
  // the other node served the platform's 404 page for it (and went on redirecting after removal).
  it('a custom domain set or removed elsewhere is routed the same way by both nodes within a second', async () => {
    await signedInOwner('moving-shop');
    const domain = 'moving-shop.test';
    const notFound = `http://${sharedHost}/Error_404_Not_Found`;
    // what node B does with the domain's Host, and with the shop's path on the shared host
    const onDomain = async (base: string) => (await getShared(base, '/home', domain)).headers.location ?? null;
    const onShared = async (base: string) => (await getShared(base, '/moving-shop/home')).headers.location ?? null;
    const within = async (what: () => Promise<unknown>, expected: unknown, since: number) => {
      let value = await what();
      while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() - since < 1000) value = await what();
      expect(value).toEqual(expected);
    };
    for (const node of [nodeA, nodeB]) {
      expect(await onDomain(node)).toBe(notFound); // looked up, and kept by the node
      expect(await onShared(node)).toBeNull();
    }

    // set by the operator's CLI (a third process on the same database)
    await setDomain(app.ctx, { businessName: 'moving-shop', domain });
    let since = Date.now();
    for (const node of [nodeB, nodeA]) {
      await within(() => onDomain(node), null, since);
      await within(() => onShared(node), `http://${domain}/home`, since);
    }
    expect(Date.now() - since).toBeLessThan(1000);

    await setDomain(app.ctx, { businessName: 'moving-shop', domain: '' });
    since = Date.now();
    for (const node of [nodeB, nodeA]) {
      await within(() => onDomain(node), notFound, since);
      await within(() => onShared(node), null, since);
    }
    expect(Date.now() - since).toBeLessThan(1000);
  });
});
