import { createHmac } from 'node:crypto';
import { mediaUrl } from '@stashblog/contract/paths';
import { privateLinkTexts } from '@stashblog/contract/private-link-texts';
import { generatePrivateLinkCode, type PrivateLink } from '@stashblog/contract/private-links';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateBusiness, updateCatalogueRows, updateProductRows } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { human } from '../../../test/test-form.ts';
import { insertProducts } from '../../../test/test-products.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { privateLinks } from '../../db/schema/private-links.ts';
import { products } from '../../db/schema/products.ts';
import { createSession } from '../auth/auth.service.ts';
import { createBusiness } from '../businesses/businesses.service.ts';
import { deviceCookieName, deviceFromCookies } from './device-cookie.ts';
import { generatePrivateLink, openPrivateProduct, updatePrivateLink } from './private-links.service.ts';

type Owner = { token: string; businessId: string; businessName: string };
type Kind = 'products' | 'catalogues';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

// Many owners per file: sessions are made directly, since the sign-in route is rate limited.
async function newOwner(businessName: string): Promise<Owner> {
  const { id } = await createBusiness(app.ctx, {
    businessName,
    name: businessName,
    email: `${businessName}@example.test`,
    password: 'pw-123456789',
  });
  return { token: await createSession(app.ctx, id), businessId: id, businessName };
}

function call(owner: Owner, kind: Kind, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: object) {
  return app.inject({
    method,
    url: `/api/userAdmin/${kind}/${path}`,
    headers: { authorization: owner.token },
    ...(method === 'GET' ? { query: data as Record<string, string> } : data ? { payload: data } : {}),
  });
}

const fk = (kind: Kind) => (kind === 'products' ? 'fkProductId' : 'fkCatalogueId');
const hour = { unit: 'Hours', amount: 1 } as const;

async function privateProduct(owner: Owner, name = 'Secret lamp'): Promise<string> {
  const [id] = await insertProducts(app, owner.businessId, [{ productName: name, isPublic: false }]);
  return id as string;
}

async function generate(owner: Owner, kind: Kind, itemId: string, extra: object = {}): Promise<PrivateLink> {
  const res = await call(owner, kind, 'POST', 'generatePrivateLink', {
    [fk(kind)]: itemId,
    privateLink: generatePrivateLinkCode(),
    linkExpiresAt: hour,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload.privateLink;
}

/** A browser: keeps the device cookie the server hands it, like a real one does. */
function device(fingerPrint: string | null, ip = '10.0.0.1') {
  let cookie: string | undefined;
  const remember = (res: { headers: Record<string, unknown> }) => {
    const set = res.headers['set-cookie'];
    const value = (Array.isArray(set) ? set[0] : set) as string | undefined;
    if (value?.startsWith(`${deviceCookieName}=`)) cookie = value.split(';')[0];
  };
  return {
    get cookie() {
      return cookie;
    },
    set cookie(v) {
      cookie = v;
    },
    async open(owner: Owner, kind: Kind, code: string) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/public/${kind}/fetchPrivateLink`,
        query: { businessName: owner.businessName, privateLink: code, ...(fingerPrint ? { fingerPrint } : {}) },
        headers: cookie ? { cookie } : {},
        remoteAddress: ip,
      });
      remember(res);
      return res;
    },
    async visit(owner: Owner, kind: Kind, code: string) {
      return app.inject({
        method: 'PUT',
        url: `/api/public/${kind}/privateLinkVisits`,
        payload: { businessName: owner.businessName, privateLink: code },
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36', ...(cookie ? { cookie } : {}) },
        remoteAddress: ip,
      });
    },
  };
}

const linkRow = async (id: string) => (await app.ctx.db.select().from(privateLinks).where(eq(privateLinks.id, id)))[0];

describe('private link lifecycle', () => {
  it('binds to the first device, refuses others, opens on every device when multi-user, expires at the boundary, reopens on renewal', async () => {
    const owner = await newOwner('lifecycle');
    const productId = await privateProduct(owner);
    const link = await generate(owner, 'products', productId);
    expect(link).toMatchObject({
      privateLink: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      visits: 0,
      linkViewed: false,
      isBound: false,
      fkProductId: productId,
      fkCatalogueId: null,
    });
    const expiresIn = new Date(link.linkExpiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(3590_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);

    // first view binds the link to device 1 (cookie + fingerprint)
    const one = device('fp-device-one');
    const first = await one.open(owner, 'products', link.privateLink);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().payload.product).toMatchObject({ _id: productId, productName: 'Secret lamp', isPublic: false });
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(one.cookie).toMatch(new RegExp(`^${deviceCookieName}=`));
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(await linkRow(link._id)).toMatchObject({ linkViewed: true, fingerPrint: 'fp-device-one' });

    // a second device is refused, and so is one that copied the fingerprint string
    const two = device('fp-device-two');
    const refused = await two.open(owner, 'products', link.privateLink);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: privateLinkTexts.viewerOtherDevice, payload: null });
    expect(refused.headers['cache-control']).toBe('private, no-store');
    const copycat = device('fp-device-one');
    expect((await copycat.open(owner, 'products', link.privateLink)).statusCode).toBe(403);
    const forged = device('fp-device-one');
    forged.cookie = `${deviceCookieName}=${'A'.repeat(22)}.forged-signature`;
    expect((await forged.open(owner, 'products', link.privateLink)).statusCode).toBe(403);
    // the bound device's cookie with another fingerprint is not the device either
    const changed = device('fp-something-else');
    changed.cookie = one.cookie;
    expect((await changed.open(owner, 'products', link.privateLink)).statusCode).toBe(403);
    // device 1 keeps its access
    expect((await one.open(owner, 'products', link.privateLink)).statusCode).toBe(200);

    // visits count every open of the link, refused devices included; the owner sees them
    expect((await one.visit(owner, 'products', link.privateLink)).statusCode).toBe(200);
    expect((await two.visit(owner, 'products', link.privateLink)).statusCode).toBe(200);
    const stats = await call(owner, 'products', 'GET', 'fetchPrivateLink', { id: link._id });
    expect(stats.json().payload).toMatchObject({
      itemName: 'Secret lamp',
      privateLink: { visits: 2, linkViewed: true, isBound: true, fkProductId: productId },
    });

    // a multi-user link opens on both devices
    const shared = await generate(owner, 'products', productId, { allowMultipleUsers: true });
    expect((await one.open(owner, 'products', shared.privateLink)).statusCode).toBe(200);
    expect((await two.open(owner, 'products', shared.privateLink)).statusCode).toBe(200);
    expect((await device(null).open(owner, 'products', shared.privateLink)).statusCode).toBe(200);
    expect(await linkRow(shared._id)).toMatchObject({ linkViewed: true, deviceId: null });

    // expiry: open one millisecond before, shut at the boundary itself
    const expiresAt = (await linkRow(link._id)).linkExpiresAt;
    const deviceOne = { deviceId: (one.cookie as string).split('=')[1].split('.')[0], fingerPrint: 'fp-device-one' };
    const at = (ms: number) =>
      openPrivateProduct(app.ctx, { businessName: owner.businessName, code: link.privateLink, device: deviceOne, now: new Date(ms) });
    await expect(at(expiresAt.getTime() - 1)).resolves.toMatchObject({ product: { _id: productId } });
    await expect(at(expiresAt.getTime())).rejects.toMatchObject({ status: 410, message: privateLinkTexts.viewerExpired });
    // and over HTTP once the time has passed
    await app.ctx.db.update(privateLinks).set({ linkExpiresAt: sql`now() - interval '1 second'` }).where(eq(privateLinks.id, link._id));
    const expired = await one.open(owner, 'products', link.privateLink);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: privateLinkTexts.viewerExpired, payload: null });
    const listed = await call(owner, 'products', 'GET', 'fetchAllPrivateLinks', { fkProductId: productId });
    const listedLink = listed.json().payload.privateLinks.find((l: PrivateLink) => l._id === link._id);
    expect(new Date(listedLink.linkExpiresAt).getTime()).toBeLessThan(Date.now());

    // renewal on edit reopens it for the bound device only
    const renewed = await call(owner, 'products', 'PUT', 'updatePrivateLink', {
      id: link._id,
      privateLink: link.privateLink,
      linkExpiresAt: { unit: 'Days', amount: 2 },
      allowMultipleUsers: false,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(new Date(renewed.json().payload.privateLink.linkExpiresAt).getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);
    expect((await one.open(owner, 'products', link.privateLink)).statusCode).toBe(200);
    expect((await two.open(owner, 'products', link.privateLink)).statusCode).toBe(403);
  });

  it('an update leaves the multi-user flag and the expiry as stored when it does not carry them, and changes them when it does', async () => {
    for (const kind of ['products', 'catalogues'] as const) {
      const owner = await newOwner(`omit-${kind}`);
      const ids = await insertProducts(app, owner.businessId, [
        { productName: 'One', isPublic: false },
        { productName: 'Two' },
        { productName: 'Three' },
      ]);
      let itemId = ids[0] as string;
      if (kind === 'catalogues') {
        const made = await call(owner, 'catalogues', 'POST', 'create', { catalogueName: 'Set', description: 'd', products: ids });
        itemId = made.json().payload.catalogue._id;
      }
      const link = await generate(owner, kind, itemId, { allowMultipleUsers: true });
      const before = await linkRow(link._id);
      const code = generatePrivateLinkCode();
      const res = await call(owner, kind, 'PUT', 'updatePrivateLink', { id: link._id, privateLink: code });
      expect(res.statusCode, res.body).toBe(200);
      expect(await linkRow(link._id)).toEqual({ ...before, privateLink: code });
      const off = await call(owner, kind, 'PUT', 'updatePrivateLink', { id: link._id, privateLink: code, allowMultipleUsers: false });
      expect(off.statusCode).toBe(200);
      expect(await linkRow(link._id)).toEqual({ ...before, privateLink: code, allowMultipleUsers: false });
    }
  });

  it('a catalogue link shows the private catalogue with its unblocked members, private ones included', async () => {
    const owner = await newOwner('cat-owner');
    const ids = await insertProducts(app, owner.businessId, [
      { productName: 'Public vase', category: 'vases' },
      { productName: 'Private bowl', isPublic: false, category: 'bowls' },
      { productName: 'Blocked jug', isBlocked: true },
    ]);
    const created = await call(owner, 'catalogues', 'POST', 'create', { catalogueName: 'Winter', description: 'Cold', products: ids });
    expect(created.statusCode, created.body).toBe(201);
    const catalogueId = created.json().payload.catalogue._id;
    const link = await generate(owner, 'catalogues', catalogueId, { linkExpiresAt: { unit: 'Weeks', amount: 4 } });
    expect(link).toMatchObject({ fkCatalogueId: catalogueId, fkProductId: null });
    const viewer = device('fp-cat');
    const res = await viewer.open(owner, 'catalogues', link.privateLink);
    expect(res.statusCode, res.body).toBe(200);
    const payload = res.json().payload;
    expect(payload.catalogue).toMatchObject({
      _id: catalogueId,
      catalogueName: 'Winter',
      totalProducts: 2,
      categories: ['vases', 'bowls'],
    });
    expect(payload.products.map((p: { productName: string }) => p.productName)).toEqual(['Public vase', 'Private bowl']);
    expect(payload.count).toBe(2);
    // a catalogue code does not open through the product call, nor for another business
    expect((await viewer.open(owner, 'products', link.privateLink)).statusCode).toBe(404);
    const other = await newOwner('cat-other');
    expect((await viewer.open(other, 'catalogues', link.privateLink)).statusCode).toBe(404);
  });

  it('the public updatePrivateLink marks the link viewed and binds like an open does', async () => {
    const owner = await newOwner('viewed');
    const link = await generate(owner, 'products', await privateProduct(owner));
    const res = await app.inject({
      method: 'PUT',
      url: '/api/public/products/updatePrivateLink',
      payload: { businessName: 'viewed', privateLink: link.privateLink, linkViewed: true, fingerPrint: 'fp-x' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({ linkViewed: true });
    expect(await linkRow(link._id)).toMatchObject({ linkViewed: true, fingerPrint: 'fp-x' });
    expect((await device('fp-y').open(owner, 'products', link.privateLink)).statusCode).toBe(403);
  });
});

describe('queries from a private link', () => {
  it('a visitor admitted through the link can send a query about the private product or catalogue; others cannot', async () => {
    const owner = await newOwner('asking');
    const [priv, m2, m3] = await insertProducts(app, owner.businessId, [
      { productName: 'Quiet lamp', isPublic: false },
      { productName: 'Loud lamp', isPublic: false },
      { productName: 'Open lamp' },
    ]);
    const link = await generate(owner, 'products', priv as string);
    const one = device('fp-ask-1');
    expect((await one.open(owner, 'products', link.privateLink)).statusCode).toBe(200);
    const contact = { name: 'Asha', email: 'asha@example.test', phoneNo: '9876543210', query: 'Price?', businessName: 'asking' };
    const ask = (url: string, payload: object, cookie?: string) =>
      app.inject({
        method: 'POST',
        url,
        payload: { ...human(url.includes('/catalogues/') ? 'catalogue-lead' : 'product-lead'), ...contact, ...payload },
        headers: cookie ? { cookie } : {},
        remoteAddress: '10.9.9.9',
      });
    const productLead = { fkProductId: priv, privateLink: link.privateLink };
    const firstAsk = await ask('/api/public/products/createLead', productLead, one.cookie);
    expect(firstAsk.statusCode, firstAsk.body).toBe(201);
    expect((await ask('/api/public/products/createLead', productLead)).statusCode).toBe(404);
    expect((await ask('/api/public/products/createLead', { fkProductId: priv }, one.cookie)).statusCode).toBe(404);
    expect((await ask('/api/public/products/createLead', { fkProductId: m2, privateLink: link.privateLink }, one.cookie)).statusCode).toBe(
      404,
    );

    const cat = await call(owner, 'catalogues', 'POST', 'create', { catalogueName: 'Lamps', description: 'x', products: [priv, m2, m3] });
    const catalogueId = cat.json().payload.catalogue._id;
    const shared = await generate(owner, 'catalogues', catalogueId, { allowMultipleUsers: true });
    const catalogueLead = { fkCatalogueId: catalogueId, products: [priv, m3], privateLink: shared.privateLink };
    expect((await ask('/api/public/catalogues/createLead', catalogueLead)).statusCode).toBe(201);
    expect((await ask('/api/public/catalogues/createLead', { ...catalogueLead, privateLink: undefined })).statusCode).toBe(404);
  });
});

describe('owner calls', () => {
  it('validates code and duration with the SPEC texts, and only private items get links', async () => {
    const owner = await newOwner('rules');
    const productId = await privateProduct(owner);
    const post = (body: object) => call(owner, 'products', 'POST', 'generatePrivateLink', { fkProductId: productId, ...body });
    const errorOf = async (body: object) => {
      const res = await post(body);
      return { status: res.statusCode, error: res.json().error };
    };
    expect(await errorOf({ linkExpiresAt: hour })).toEqual({ status: 400, error: specTexts.privateLinkRequired });
    expect(await errorOf({ privateLink: '  ', linkExpiresAt: hour })).toEqual({ status: 400, error: specTexts.privateLinkRequired });
    expect(await errorOf({ privateLink: generatePrivateLinkCode() })).toEqual({
      status: 400,
      error: specTexts.privateLinkDurationRequired,
    });
    expect(await errorOf({ privateLink: 'short', linkExpiresAt: hour })).toEqual({ status: 400, error: privateLinkTexts.codeInvalid });
    expect(await errorOf({ privateLink: `${'a'.repeat(19)}!`, linkExpiresAt: hour })).toEqual({
      status: 400,
      error: privateLinkTexts.codeInvalid,
    });
    for (const bad of [
      { unit: 'Hours', amount: 0 },
      { unit: 'Hours', amount: 24 },
      { unit: 'Days', amount: 8 },
      { unit: 'Weeks', amount: 5 },
      { unit: 'Weeks', amount: 1.5 },
    ]) {
      expect(await errorOf({ privateLink: generatePrivateLinkCode(), linkExpiresAt: bad })).toEqual({
        status: 400,
        error: privateLinkTexts.durationInvalid,
      });
    }
    expect((await errorOf({ privateLink: generatePrivateLinkCode(), linkExpiresAt: { unit: 'Months', amount: 1 } })).status).toBe(400);
    for (const ok of [
      { unit: 'Hours', amount: 23 },
      { unit: 'Days', amount: 7 },
      { unit: 'Weeks', amount: 4 },
      { unit: 'Days', amount: 1 },
    ]) {
      expect((await post({ privateLink: generatePrivateLinkCode(), linkExpiresAt: ok })).statusCode).toBe(201);
    }

    // codes are unique
    const code = generatePrivateLinkCode();
    expect((await post({ privateLink: code, linkExpiresAt: hour })).statusCode).toBe(201);
    expect(await errorOf({ privateLink: code, linkExpiresAt: hour })).toEqual({ status: 409, error: privateLinkTexts.codeTaken });

    // a public item gets none
    await updateProductRows(app.ctx, eq(products.id, productId), { isPublic: true });
    expect(await errorOf({ privateLink: generatePrivateLinkCode(), linkExpiresAt: hour })).toEqual({
      status: 409,
      error: privateLinkTexts.onlyPrivateProducts,
    });
    await updateProductRows(app.ctx, eq(products.id, productId), { isPublic: false, isBlocked: true });
    expect(await errorOf({ privateLink: generatePrivateLinkCode(), linkExpiresAt: hour })).toEqual({
      status: 403,
      error: specTexts.productBlocked,
    });
  });

  it('the generator gives 20 random letters and digits', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => generatePrivateLinkCode()));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(c).toMatch(/^[A-Za-z0-9]{20}$/);
    const chars = new Set([...codes].join(''));
    expect(chars.size).toBe(62);
  });

  it('lists 12 a page, newest first, searched by code; deletes one or all of an item', async () => {
    const owner = await newOwner('lister');
    const productId = await privateProduct(owner);
    const made: PrivateLink[] = [];
    for (let i = 0; i < 14; i++) made.push(await generate(owner, 'products', productId));
    const page = (q: object) => call(owner, 'products', 'GET', 'fetchAllPrivateLinks', { fkProductId: productId, ...q });
    const one = (await page({})).json().payload;
    expect(one.count).toBe(14);
    expect(one.itemName).toBe('Secret lamp');
    expect(one.privateLinks.map((l: PrivateLink) => l._id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((l) => l._id),
    );
    const two = (await page({ pageNo: 2 })).json().payload;
    expect(two.privateLinks.map((l: PrivateLink) => l._id)).toEqual([made[1]._id, made[0]._id]);
    const target = made[5];
    const found = (await page({ searchQuery: target.privateLink.slice(3, 15).toLowerCase() })).json().payload;
    expect(found.privateLinks.map((l: PrivateLink) => l._id)).toEqual([target._id]);
    expect((await page({ searchQuery: '%_' })).json().payload.count).toBe(0);

    // edit keeps the expiry unless a duration is given
    const edited = await call(owner, 'products', 'PUT', 'updatePrivateLink', {
      id: target._id,
      privateLink: target.privateLink,
      allowMultipleUsers: true,
    });
    expect(edited.json().payload.privateLink).toMatchObject({ allowMultipleUsers: true, linkExpiresAt: target.linkExpiresAt });
    const taken = await call(owner, 'products', 'PUT', 'updatePrivateLink', { id: target._id, privateLink: made[0].privateLink });
    expect(taken.statusCode).toBe(409);

    const del = await call(owner, 'products', 'DELETE', 'deletePrivateLink', { id: target._id });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ code: 201, message: privateLinkTexts.deleted, payload: { deleted: 1 } });
    expect((await device('fp').open(owner, 'products', target.privateLink)).statusCode).toBe(404);
    expect((await call(owner, 'products', 'GET', 'fetchPrivateLink', { id: target._id })).statusCode).toBe(404);
    const all = await call(owner, 'products', 'DELETE', 'deletePrivateLink', { fkProductId: productId });
    expect(all.json().payload).toEqual({ deleted: 13 });
    expect((await page({})).json().payload.count).toBe(0);
  });

  it("answers 404 for another business's ids on every owner call and changes nothing", async () => {
    const a = await newOwner('owner-a');
    const b = await newOwner('owner-b');
    const productId = await privateProduct(a);
    const productLink = await generate(a, 'products', productId);
    const [m1, m2, m3] = await insertProducts(app, a.businessId, [{ productName: 'm1' }, { productName: 'm2' }, { productName: 'm3' }]);
    const cat = await call(a, 'catalogues', 'POST', 'create', { catalogueName: 'A cat', description: 'x', products: [m1, m2, m3] });
    const catalogueId = cat.json().payload.catalogue._id;
    const catalogueLink = await generate(a, 'catalogues', catalogueId);
    const before = await app.ctx.db.select().from(privateLinks).where(eq(privateLinks.businessId, a.businessId));

    for (const [kind, itemId, link] of [
      ['products', productId, productLink],
      ['catalogues', catalogueId, catalogueLink],
    ] as const) {
      const attempts = [
        await call(b, kind, 'GET', 'fetchPrivateLink', { id: link._id }),
        await call(b, kind, 'GET', 'fetchAllPrivateLinks', { [fk(kind)]: itemId }),
        await call(b, kind, 'POST', 'generatePrivateLink', {
          [fk(kind)]: itemId,
          privateLink: generatePrivateLinkCode(),
          linkExpiresAt: hour,
        }),
        await call(b, kind, 'PUT', 'updatePrivateLink', {
          id: link._id,
          privateLink: generatePrivateLinkCode(),
          linkExpiresAt: hour,
          allowMultipleUsers: true,
        }),
        await call(b, kind, 'DELETE', 'deletePrivateLink', { id: link._id }),
        await call(b, kind, 'DELETE', 'deletePrivateLink', { [fk(kind)]: itemId }),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
      // and a link of the other kind is unknown here, even for its owner
      const otherKind = kind === 'products' ? catalogueLink : productLink;
      expect((await call(a, kind, 'GET', 'fetchPrivateLink', { id: otherKind._id })).statusCode).toBe(404);
    }
    // hostile ids and no token
    expect((await call(a, 'products', 'GET', 'fetchPrivateLink', { id: "1' or 1=1" })).statusCode).toBe(404);
    expect((await call(a, 'products', 'DELETE', 'deletePrivateLink', {})).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: '/api/userAdmin/products/fetchPrivateLink', query: { id: productLink._id } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');

    const after = await app.ctx.db.select().from(privateLinks).where(eq(privateLinks.businessId, a.businessId));
    expect(after).toEqual(before);
    expect(await app.ctx.db.select().from(privateLinks).where(eq(privateLinks.businessId, b.businessId))).toEqual([]);
  });
});

describe('guessing and leaking', () => {
  it('1,000 random codes from one address open nothing, and it is rate-limited after 30 tries', async () => {
    const owner = await newOwner('guessed');
    const productId = await privateProduct(owner);
    for (let i = 0; i < 5; i++) await generate(owner, 'products', productId);
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (let i = 0; i < 1_000; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/public/products/fetchPrivateLink',
        query: { businessName: 'guessed', privateLink: generatePrivateLinkCode(), fingerPrint: 'fp' },
        remoteAddress: '192.0.2.77',
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    // 30 a minute per address: at most 30 per started minute reach the database
    const windows = Math.ceil((Date.now() - started) / 60_000) + 1;
    expect([...statuses.keys()].sort()).toEqual([404, 429]);
    expect(statuses.get(404)).toBeGreaterThanOrEqual(30);
    expect(statuses.get(404)).toBeLessThanOrEqual(30 * windows);
    // the limit is per address: another client is unaffected
    const other = await app.inject({
      method: 'GET',
      url: '/api/public/products/fetchPrivateLink',
      query: { businessName: 'guessed', privateLink: generatePrivateLinkCode() },
      remoteAddress: '192.0.2.78',
    });
    expect(other.statusCode).toBe(404);
  }, 120_000);

  // SPEC acceptance: 10,000 guesses. Through HTTP they would mostly meet the rate limit, so they go to the
  // lookup the visitor call makes (the same service function), 25 at a time.
  it('10,000 random codes open nothing', async () => {
    const owner = await newOwner('guessed-many');
    const productId = await privateProduct(owner);
    for (let i = 0; i < 20; i++) await generate(owner, 'products', productId, { allowMultipleUsers: i % 2 === 0 });
    const device = { deviceId: 'guesser', fingerPrint: 'fp' };
    let opened = 0;
    let refused = 0;
    for (let batch = 0; batch < 400; batch++) {
      const results = await Promise.allSettled(
        Array.from({ length: 25 }, () =>
          openPrivateProduct(app.ctx, { businessName: 'guessed-many', code: generatePrivateLinkCode(), device }),
        ),
      );
      for (const r of results) {
        if (r.status === 'fulfilled') opened++;
        else if ((r.reason as { status?: number }).status === 404) refused++;
      }
    }
    expect(opened).toBe(0);
    expect(refused).toBe(10_000);
  }, 120_000);

  it('public listings never show a private item, even one with an active link', async () => {
    const owner = await newOwner('leaky');
    const [pub, priv, pub2, pub3] = await insertProducts(app, owner.businessId, [
      { productName: 'Open lamp', category: 'lamps', tags: ['brass'] },
      { productName: 'Hidden lamp', category: 'lamps', tags: ['brass'], isPublic: false },
      { productName: 'Open vase', category: 'lamps' },
      { productName: 'Open bowl', category: 'lamps' },
    ]);
    await generate(owner, 'products', priv as string, { allowMultipleUsers: true });
    const privCat = await call(owner, 'catalogues', 'POST', 'create', {
      catalogueName: 'Hidden set',
      description: 'x',
      products: [pub, pub2, pub3],
    });
    const privCatId = privCat.json().payload.catalogue._id;
    await generate(owner, 'catalogues', privCatId, { allowMultipleUsers: true });
    const pubCat = await call(owner, 'catalogues', 'POST', 'create', {
      catalogueName: 'Open set',
      description: 'x',
      products: [pub, priv, pub2],
    });
    const pubCatId = pubCat.json().payload.catalogue._id;
    expect((await call(owner, 'catalogues', 'PUT', 'updateStatus', { id: pubCatId })).json().payload.status).toBe(true);

    const get = async (url: string, query: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url, query });
      return res.body;
    };
    const bodies = [
      await get('/api/public/products/fetchAll', { businessName: 'leaky' }),
      await get('/api/public/products/fetchAllUsers', {}),
      await get('/api/public/products/fetchAllUsers', { searchQuery: 'lamp' }),
      await get('/api/public/products/fetchSuggestions', { businessName: 'leaky', id: pub as string }),
      await get('/api/public/catalogues/fetchAll', { businessName: 'leaky' }),
      await get('/api/public/catalogues/fetchAllUsers', {}),
      await get('/api/public/catalogues/fetch', { businessName: 'leaky', id: pubCatId }),
      await get('/api/public/catalogues/fetchProducts', { businessName: 'leaky', id: pubCatId }),
    ];
    for (const body of bodies) {
      expect(body).not.toContain('Hidden');
      expect(body).not.toContain(priv);
      expect(body).not.toContain(privCatId);
    }
    expect(bodies[0]).toContain('Open lamp');
    expect(bodies[7]).toContain('Open vase');
    const direct = await app.inject({
      method: 'GET',
      url: '/api/public/products/fetch',
      query: { businessName: 'leaky', id: priv as string },
    });
    expect(direct.statusCode).toBe(404);
    const directCat = await app.inject({
      method: 'GET',
      url: '/api/public/catalogues/fetch',
      query: { businessName: 'leaky', id: privCatId },
    });
    expect(directCat.statusCode).toBe(404);
  });

  it('hostile visitor input answers 4xx, never 5xx', async () => {
    const inputs = ['', 'x'.repeat(199), "' or 1=1 --", '\u0000abc', '%00', 'ÄÖÜäöüß'.repeat(3)];
    for (const [i, code] of inputs.entries()) {
      for (const kind of ['products', 'catalogues']) {
        const ip = `203.0.113.${i}`;
        const open = await app.inject({
          method: 'GET',
          url: `/api/public/${kind}/fetchPrivateLink`,
          query: { businessName: code || 'nobody', privateLink: code, fingerPrint: code },
          remoteAddress: ip,
        });
        expect(open.statusCode).toBeGreaterThanOrEqual(400);
        expect(open.statusCode).toBeLessThan(500);
        const visit = await app.inject({
          method: 'PUT',
          url: `/api/public/${kind}/privateLinkVisits`,
          payload: { businessName: 'nobody', privateLink: code },
          remoteAddress: ip,
        });
        expect(visit.statusCode).toBe(404);
      }
    }
  });
});

describe('device binding against devices with cookies of their own', () => {
  const parts = (cookie: string | undefined) => {
    const [id, sig] = (cookie as string).slice(deviceCookieName.length + 1).split('.');
    return { id, sig };
  };
  /** A device that has its own valid signed cookie, from opening a multi-user link of another item. */
  async function deviceWithOwnCookie(owner: Owner, fingerPrint: string, ip: string) {
    const other = await generate(owner, 'products', await privateProduct(owner, 'Open to all'), { allowMultipleUsers: true });
    const d = device(fingerPrint, ip);
    expect((await d.open(owner, 'products', other.privateLink)).statusCode).toBe(200);
    expect(d.cookie).toMatch(new RegExp(`^${deviceCookieName}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}$`));
    return d;
  }
  let ipCount = 0;
  const productLead = (owner: Owner, productId: string, code: string, cookie: string | undefined) =>
    app.inject({
      method: 'POST',
      url: '/api/public/products/createLead',
      payload: {
        ...human('product-lead'),
        name: 'Ravi',
        email: 'ravi@example.test',
        phoneNo: '9876543210',
        query: 'Still available?',
        businessName: owner.businessName,
        fkProductId: productId,
        privateLink: code,
      },
      headers: cookie ? { cookie } : {},
      remoteAddress: `10.20.0.${++ipCount}`,
    });

  it('a cookie of the right shape with a wrong signature is not the bound device, for views and queries', async () => {
    const owner = await newOwner('bad-signature');
    const productId = await privateProduct(owner);
    const link = await generate(owner, 'products', productId);
    const one = device('fp-sig', '10.1.0.1');
    expect((await one.open(owner, 'products', link.privateLink)).statusCode).toBe(200);
    const { id, sig } = parts(one.cookie);
    // the bound id, the bound fingerprint, a signature of the right length and alphabet that is not the server's
    const wrongSig = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const forged = device('fp-sig', '10.1.0.2');
    forged.cookie = `${deviceCookieName}=${id}.${wrongSig}`;
    const refused = await forged.open(owner, 'products', link.privateLink);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: privateLinkTexts.viewerOtherDevice, payload: null });
    // the forged cookie is replaced by a new device of its own
    expect(parts(forged.cookie).id).not.toBe(id);
    const forgedLead = await productLead(owner, productId, link.privateLink, `${deviceCookieName}=${id}.${wrongSig}`);
    expect(forgedLead.statusCode).toBe(404);
    // the real cookie still sends
    expect((await productLead(owner, productId, link.privateLink, one.cookie)).statusCode).toBe(201);
  });

  it("another device's signature on the bound device id is refused, for views and queries", async () => {
    const owner = await newOwner('swapped-id');
    const productId = await privateProduct(owner);
    const link = await generate(owner, 'products', productId);
    const one = device('fp-swap', '10.2.0.1');
    expect((await one.open(owner, 'products', link.privateLink)).statusCode).toBe(200);
    const two = await deviceWithOwnCookie(owner, 'fp-swap', '10.2.0.2');
    const swappedCookie = `${deviceCookieName}=${parts(one.cookie).id}.${parts(two.cookie).sig}`;
    two.cookie = swappedCookie;
    expect((await two.open(owner, 'products', link.privateLink)).statusCode).toBe(403);
    expect((await productLead(owner, productId, link.privateLink, swappedCookie)).statusCode).toBe(404);
    expect(await linkRow(link._id)).toMatchObject({ deviceId: parts(one.cookie).id });
  });

  it('a device with its own valid cookie and the same fingerprint gets nothing from a link bound to another, and cannot ask about it', async () => {
    const owner = await newOwner('own-cookie');
    const productId = await privateProduct(owner);
    const link = await generate(owner, 'products', productId);
    const one = device('fp-same-model', '10.3.0.1');
    expect((await one.open(owner, 'products', link.privateLink)).statusCode).toBe(200);
    // device two: same browser model (same fingerprint), its own perfectly valid cookie
    const two = await deviceWithOwnCookie(owner, 'fp-same-model', '10.3.0.2');
    const cookieTwo = two.cookie;
    const refused = await two.open(owner, 'products', link.privateLink);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: privateLinkTexts.viewerOtherDevice, payload: null });
    expect(two.cookie).toBe(cookieTwo);
    const marked = await app.inject({
      method: 'PUT',
      url: '/api/public/products/updatePrivateLink',
      payload: { businessName: owner.businessName, privateLink: link.privateLink, linkViewed: true, fingerPrint: 'fp-same-model' },
      headers: { cookie: cookieTwo as string },
      remoteAddress: '10.3.0.2',
    });
    expect(marked.statusCode).toBe(403);
    expect((await productLead(owner, productId, link.privateLink, cookieTwo)).statusCode).toBe(404);
    // the bound device is still the one
    expect(await linkRow(link._id)).toMatchObject({ deviceId: parts(one.cookie).id, fingerPrint: 'fp-same-model' });
    expect((await productLead(owner, productId, link.privateLink, one.cookie)).statusCode).toBe(201);

    // a single-user link nobody has opened yet grants no query either: not without a cookie, not with one
    const fresh = await generate(owner, 'products', productId);
    expect((await productLead(owner, productId, fresh.privateLink, undefined)).statusCode).toBe(404);
    expect((await productLead(owner, productId, fresh.privateLink, cookieTwo)).statusCode).toBe(404);
    expect(await linkRow(fresh._id)).toMatchObject({ deviceId: null, linkViewed: false });
  });

  it('an expired link admits no query, from its bound device or through a multi-user link', async () => {
    const owner = await newOwner('expired-ask');
    const productId = await privateProduct(owner);
    const link = await generate(owner, 'products', productId);
    const shared = await generate(owner, 'products', productId, { allowMultipleUsers: true });
    const one = device('fp-exp', '10.4.0.1');
    expect((await one.open(owner, 'products', link.privateLink)).statusCode).toBe(200);
    expect((await productLead(owner, productId, link.privateLink, one.cookie)).statusCode).toBe(201);
    expect((await productLead(owner, productId, shared.privateLink, undefined)).statusCode).toBe(201);
    await app.ctx.db
      .update(privateLinks)
      .set({ linkExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(privateLinks.businessId, owner.businessId));
    expect((await productLead(owner, productId, link.privateLink, one.cookie)).statusCode).toBe(404);
    expect((await productLead(owner, productId, shared.privateLink, undefined)).statusCode).toBe(404);
    expect((await productLead(owner, productId, shared.privateLink, one.cookie)).statusCode).toBe(404);
  });

  it('two devices opening a fresh single-user link at the same moment: exactly one is bound', async () => {
    const owner = await newOwner('racing');
    const productId = await privateProduct(owner);
    for (let round = 0; round < 4; round++) {
      const link = await generate(owner, 'products', productId);
      const a = await deviceWithOwnCookie(owner, `fp-race-a-${round}`, `10.5.${round}.1`);
      const b = await deviceWithOwnCookie(owner, `fp-race-b-${round}`, `10.5.${round}.2`);
      const [ra, rb] = await Promise.all([a.open(owner, 'products', link.privateLink), b.open(owner, 'products', link.privateLink)]);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 403]);
      const [winner, loser] = ra.statusCode === 200 ? [a, b] : [b, a];
      expect(await linkRow(link._id)).toMatchObject({ deviceId: parts(winner.cookie).id, linkViewed: true });
      expect((await winner.open(owner, 'products', link.privateLink)).statusCode).toBe(200);
      expect((await loser.open(owner, 'products', link.privateLink)).statusCode).toBe(403);
      expect((await productLead(owner, productId, link.privateLink, loser.cookie)).statusCode).toBe(404);
    }
  });

  it('the device cookie: HttpOnly, Lax, whole site, 400 days; found among other cookies; never issued twice', async () => {
    const owner = await newOwner('cookie-jar');
    const link = await generate(owner, 'products', await privateProduct(owner));
    const one = device('fp-jar', '10.6.0.1');
    const first = await one.open(owner, 'products', link.privateLink);
    expect(first.statusCode).toBe(200);
    expect(first.headers['set-cookie']).toMatch(
      new RegExp(`^${deviceCookieName}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; Max-Age=34560000; Path=/; HttpOnly; SameSite=Lax$`),
    );
    // a browser that holds the cookie is not given another, also when it sends other cookies around it
    const again = await one.open(owner, 'products', link.privateLink);
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
    const jar = await app.inject({
      method: 'GET',
      url: '/api/public/products/fetchPrivateLink',
      query: { businessName: owner.businessName, privateLink: link.privateLink, fingerPrint: 'fp-jar' },
      headers: { cookie: `sb_devicex; theme=dark; lang=en; ${one.cookie} ;=x; seen=1` },
      remoteAddress: '10.6.0.1',
    });
    expect(jar.statusCode).toBe(200);
    expect(jar.headers['set-cookie']).toBeUndefined();
    const marked = await app.inject({
      method: 'PUT',
      url: '/api/public/products/updatePrivateLink',
      payload: { businessName: owner.businessName, privateLink: link.privateLink, linkViewed: true, fingerPrint: 'fp-jar' },
      headers: { cookie: `lang=en; ${one.cookie}` },
      remoteAddress: '10.6.0.1',
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.headers['set-cookie']).toBeUndefined();
    // over HTTPS the cookie is Secure as well
    const config = { secret: app.ctx.config.secret };
    expect(deviceFromCookies({ ...config, publicUrl: 'https://shop.example' }, undefined).setCookie).toMatch(
      /; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(deviceFromCookies({ ...config, publicUrl: 'http://shop.example' }, null).setCookie).toMatch(/; SameSite=Lax$/);
  });

  it('only a device id the server issued is a device: other shapes are refused even when correctly signed', async () => {
    const owner = await newOwner('odd-ids');
    const link = await generate(owner, 'products', await privateProduct(owner));
    const one = device('fp-odd', '10.7.0.1');
    expect((await one.open(owner, 'products', link.privateLink)).statusCode).toBe(200);
    const { id } = parts(one.cookie);
    const signed = (deviceId: string) =>
      `${deviceCookieName}=${deviceId}.${createHmac('sha256', app.ctx.config.secret).update(`private-link-device:${deviceId}`).digest('base64url')}`;
    expect(signed(id)).toBe(one.cookie);
    for (const [i, cookie] of [
      `${one.cookie}.extra`,
      `${signed(`${id}x`)}`,
      `${signed(id.slice(1))}`,
      `${signed(`x${id}`)}`,
      `${signed(`${id.slice(0, 21)}+`)}`,
      `${signed(`${id.slice(0, 21)}~`)}`,
      `${deviceCookieName}=.${parts(one.cookie).sig}`,
      `${deviceCookieName}=${id}.`,
      `${deviceCookieName}=${id}`,
    ].entries()) {
      const other = device('fp-odd', `10.7.1.${i}`);
      other.cookie = cookie;
      const res = await other.open(owner, 'products', link.privateLink);
      expect({ cookie, status: res.statusCode }).toEqual({ cookie, status: 403 });
      // not a device: the browser is given a new one
      expect(res.headers['set-cookie']).toMatch(new RegExp(`^${deviceCookieName}=[A-Za-z0-9_-]{22}\\.`));
      expect(parts(other.cookie).id).not.toBe(id);
    }
    // the bound device's own cookie still opens it
    expect((await one.open(owner, 'products', link.privateLink)).statusCode).toBe(200);
  });
});

describe('edges of the visitor and owner calls', () => {
  const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36';

  it('catalogue links: only a private, unblocked catalogue gets one, refused with the catalogue texts', async () => {
    const owner = await newOwner('cat-rules');
    const ids = await insertProducts(app, owner.businessId, [{ productName: 'c1' }, { productName: 'c2' }, { productName: 'c3' }]);
    const created = await call(owner, 'catalogues', 'POST', 'create', { catalogueName: 'Rules', description: 'x', products: ids });
    const catalogueId = created.json().payload.catalogue._id;
    const post = () =>
      call(owner, 'catalogues', 'POST', 'generatePrivateLink', {
        fkCatalogueId: catalogueId,
        privateLink: generatePrivateLinkCode(),
        linkExpiresAt: hour,
      });
    expect((await post()).statusCode).toBe(201);
    await updateCatalogueRows(app.ctx, eq(catalogues.id, catalogueId), { isPublic: true });
    const pub = await post();
    expect({ status: pub.statusCode, error: pub.json().error }).toEqual({ status: 409, error: privateLinkTexts.onlyPrivateCatalogues });
    await updateCatalogueRows(app.ctx, eq(catalogues.id, catalogueId), { isPublic: false, isBlocked: true });
    const blocked = await post();
    expect({ status: blocked.statusCode, error: blocked.json().error }).toEqual({ status: 403, error: specTexts.catalogueBlocked });
  });

  it('malformed or missing ids on owner calls answer 404 with the text of what is missing', async () => {
    const owner = await newOwner('bad-ids');
    const errorOf = async (kind: Kind, method: 'GET' | 'POST' | 'DELETE', path: string, data: object) => {
      const res = await call(owner, kind, method, path, data);
      return { status: res.statusCode, error: res.json().error };
    };
    const productMissing = { status: 404, error: serverTexts.productNotFound };
    const catalogueMissing = { status: 404, error: serverTexts.catalogueNotFound };
    const linkMissing = { status: 404, error: privateLinkTexts.notFound };
    const code = generatePrivateLinkCode();
    expect(
      await errorOf('products', 'POST', 'generatePrivateLink', { fkProductId: 'nope', privateLink: code, linkExpiresAt: hour }),
    ).toEqual(productMissing);
    expect(await errorOf('products', 'GET', 'fetchAllPrivateLinks', { fkProductId: "1' or 1=1" })).toEqual(productMissing);
    expect(await errorOf('catalogues', 'GET', 'fetchAllPrivateLinks', { fkCatalogueId: 'x' })).toEqual(catalogueMissing);
    expect(await errorOf('catalogues', 'DELETE', 'deletePrivateLink', { fkCatalogueId: 'x' })).toEqual(catalogueMissing);
    expect(await errorOf('products', 'DELETE', 'deletePrivateLink', {})).toEqual(linkMissing);
    expect(await errorOf('products', 'GET', 'fetchPrivateLink', { id: 'x' })).toEqual(linkMissing);
  });

  it('the code search takes %, _ and \\ as plain characters', async () => {
    const owner = await newOwner('escaper');
    const productId = await privateProduct(owner);
    await generate(owner, 'products', productId, { privateLink: 'abcdefghij0123456789' });
    await generate(owner, 'products', productId, { privateLink: 'ZYXWVUTSRQ9876543210' });
    const count = async (searchQuery: string) =>
      (await call(owner, 'products', 'GET', 'fetchAllPrivateLinks', { fkProductId: productId, searchQuery })).json().payload.count;
    expect(await count('CDE')).toBe(1);
    expect(await count('c\\de')).toBe(0);
    expect(await count('c%e')).toBe(0);
    expect(await count('c_e')).toBe(0);
    expect(await count('')).toBe(2);
  });

  it('the owner cannot set a malformed code even past the route schema', async () => {
    const owner = await newOwner('svc-codes');
    const productId = await privateProduct(owner);
    const link = await generate(owner, 'products', productId);
    const input = { privateLink: 'short!', allowMultipleUsers: false };
    await expect(
      generatePrivateLink(app.ctx, {
        businessId: owner.businessId,
        kind: 'product',
        itemId: productId,
        input: { ...input, linkExpiresAt: hour },
      }),
    ).rejects.toMatchObject({ status: 400, message: privateLinkTexts.codeInvalid });
    await expect(updatePrivateLink(app.ctx, { businessId: owner.businessId, kind: 'product', id: link._id, input })).rejects.toMatchObject({
      status: 400,
      message: privateLinkTexts.codeInvalid,
    });
    expect(await linkRow(link._id)).toMatchObject({ privateLink: link.privateLink });
  });

  it('a visitor: business name in any case, unknown or blocked business, item blocked later, payload expiry', async () => {
    const owner = await newOwner('edge-shop');
    const productId = await privateProduct(owner);
    const link = await generate(owner, 'products', productId, { allowMultipleUsers: true });
    const open = (businessName: string, code = link.privateLink, ip = '10.8.0.1') =>
      app.inject({
        method: 'GET',
        url: '/api/public/products/fetchPrivateLink',
        query: { businessName, privateLink: code },
        remoteAddress: ip,
      });
    const first = await open('Edge-Shop');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().payload).toEqual({ product: expect.objectContaining({ _id: productId }), linkExpiresAt: link.linkExpiresAt });
    const unknown = await open('no-such-shop');
    expect({ status: unknown.statusCode, error: unknown.json().error }).toEqual({ status: 404, error: privateLinkTexts.viewerNotFound });
    // a code that cannot be one never reaches the database (NUL would make PostgreSQL fail)
    await expect(
      openPrivateProduct(app.ctx, {
        businessName: 'edge-shop',
        code: `${'a'.repeat(19)}\u0000`,
        device: { deviceId: 'd', fingerPrint: null },
      }),
    ).rejects.toMatchObject({ status: 404, message: privateLinkTexts.viewerNotFound });
    await updateProductRows(app.ctx, eq(products.id, productId), { isBlocked: true });
    const blockedItem = await open('edge-shop');
    expect({ status: blockedItem.statusCode, error: blockedItem.json().error }).toEqual({
      status: 404,
      error: privateLinkTexts.viewerNotFound,
    });
    await updateProductRows(app.ctx, eq(products.id, productId), { isBlocked: false });
    expect((await open('edge-shop')).statusCode).toBe(200);
    await updateBusiness(app.ctx, owner.businessId, { isBlocked: true });
    expect((await open('edge-shop', link.privateLink, '10.8.0.2')).statusCode).toBe(404);
  });

  it('a catalogue link: blocked catalogue is gone; the payload has member images, public count and expiry', async () => {
    const owner = await newOwner('cat-edges');
    const [img1, img2] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    const ids = await insertProducts(app, owner.businessId, [
      { productName: 'Shown', images: [img1] },
      { productName: 'Hidden', isPublic: false, images: [img2] },
      { productName: 'No picture', images: [] },
    ]);
    const created = await call(owner, 'catalogues', 'POST', 'create', { catalogueName: 'Edges', description: 'x', products: ids });
    const catalogueId = created.json().payload.catalogue._id;
    const link = await generate(owner, 'catalogues', catalogueId, { allowMultipleUsers: true });
    const viewer = device(null, '10.9.0.1');
    const res = await viewer.open(owner, 'catalogues', link.privateLink);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({
      catalogue: { totalProducts: 3, publicProducts: 2, images: [mediaUrl(img1), mediaUrl(img2)], products: ids },
      count: 3,
      linkExpiresAt: link.linkExpiresAt,
    });
    await updateCatalogueRows(app.ctx, eq(catalogues.id, catalogueId), { isBlocked: true });
    expect((await viewer.open(owner, 'catalogues', link.privateLink)).statusCode).toBe(404);
  });

  it('visits: a crawler or a client without a User-Agent is not counted', async () => {
    const owner = await newOwner('crawled');
    const link = await generate(owner, 'products', await privateProduct(owner));
    const visit = (userAgent?: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/public/products/privateLinkVisits',
        payload: { businessName: owner.businessName, privateLink: link.privateLink },
        headers: userAgent ? { 'user-agent': userAgent } : {},
        remoteAddress: '10.10.0.1',
      });
    expect((await visit('Googlebot/2.1 (+http://www.google.com/bot.html)')).json().payload).toEqual({ counted: false });
    expect((await visit()).json().payload).toEqual({ counted: false });
    expect((await linkRow(link._id)).visits).toBe(0);
    expect((await visit(browserAgent)).json().payload).toEqual({ counted: true });
    expect((await linkRow(link._id)).visits).toBe(1);
  });

  it('a link bound without a fingerprint opens for that device with or without one; its page opening twice at once is one device', async () => {
    const owner = await newOwner('no-fp');
    const productId = await privateProduct(owner);
    const link = await generate(owner, 'products', productId);
    const bare = device(null, '10.11.0.1');
    expect((await bare.open(owner, 'products', link.privateLink)).statusCode).toBe(200);
    expect(await linkRow(link._id)).toMatchObject({ fingerPrint: null, deviceId: expect.any(String) });
    const withFp = device('fp-later', '10.11.0.1');
    withFp.cookie = bare.cookie;
    expect((await withFp.open(owner, 'products', link.privateLink)).statusCode).toBe(200);

    // the viewer page asks for the content and marks the link viewed at the same moment, from one device
    const fresh = await generate(owner, 'products', productId);
    const page = await (async () => {
      const d = device('fp-page', '10.11.0.2');
      const other = await generate(owner, 'products', productId, { allowMultipleUsers: true });
      expect((await d.open(owner, 'products', other.privateLink)).statusCode).toBe(200);
      return d;
    })();
    const [opened, marked] = await Promise.all([
      page.open(owner, 'products', fresh.privateLink),
      app.inject({
        method: 'PUT',
        url: '/api/public/products/updatePrivateLink',
        payload: { businessName: owner.businessName, privateLink: fresh.privateLink, linkViewed: true, fingerPrint: 'fp-page' },
        headers: { cookie: page.cookie as string },
        remoteAddress: '10.11.0.2',
      }),
    ]);
    expect([opened.statusCode, marked.statusCode]).toEqual([200, 200]);
    expect(await linkRow(fresh._id)).toMatchObject({ deviceId: (page.cookie as string).split('=')[1].split('.')[0] });
  });

  it('a query through an unknown code or a code of another item is refused as the item not found', async () => {
    const owner = await newOwner('lead-codes');
    const productId = await privateProduct(owner);
    const link = await generate(owner, 'products', productId, { allowMultipleUsers: true });
    const ask = (privateLink: string, fkProductId = productId) =>
      app.inject({
        method: 'POST',
        url: '/api/public/products/createLead',
        payload: {
          ...human('product-lead'),
          name: 'Meera',
          email: 'meera@example.test',
          phoneNo: '9876543210',
          query: 'Hi',
          businessName: owner.businessName,
          fkProductId,
          privateLink,
        },
        remoteAddress: '10.12.0.9',
      });
    for (const code of [generatePrivateLinkCode(), 'not a code']) {
      const res = await ask(code);
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 404, error: serverTexts.productNotFound });
    }
    expect((await ask(link.privateLink)).statusCode).toBe(201);
  });
});
