import { cataloguePath, productPath } from '@stashblog/contract/paths';
import { generatePrivateLinkCode } from '@stashblog/contract/private-links';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { human } from '../../../test/test-form.ts';
import { insertProducts } from '../../../test/test-products.ts';
import { catalogueProducts, catalogues } from '../../db/schema/catalogues.ts';
import { signups } from '../../db/schema/onboarding.ts';
import { products } from '../../db/schema/products.ts';
import { cataloguesWritten } from '../../db/tenant-writes.ts';
import { createSession } from '../auth/auth.service.ts';
import { verificationToken } from '../onboarding/onboarding.service.ts';
import { createBusiness } from './businesses.service.ts';

// What visitors may see (visibility.ts) through every public read: the store switches are a layer above each
// item's own Public/Private state (decision 036), and a business is public once its sign-up email is verified.

type Owner = { token: string; businessId: string; businessName: string };
type Kind = 'products' | 'catalogues';
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

const own = 'localhost:5004';
const get = (url: string, query: Record<string, string> = {}) => app.inject({ method: 'GET', url, query, headers: { host: own } });
const admin = (owner: Owner, kind: Kind, method: 'GET' | 'POST' | 'PUT', path: string, data?: object) =>
  app.inject({
    method,
    url: `/api/userAdmin/${kind}/${path}`,
    headers: { authorization: owner.token },
    ...(method === 'GET' ? { query: data as Record<string, string> } : data ? { payload: data } : {}),
  });

async function addCatalogue(owner: Owner, catalogueName: string, isPublic: boolean, members: string[]) {
  const [row] = await app.ctx.db
    .insert(catalogues)
    .values({ businessId: owner.businessId, id: crypto.randomUUID(), catalogueName, description: 'Chosen by hand', isPublic })
    .returning({ id: catalogues.id });
  await app.ctx.db
    .insert(catalogueProducts)
    .values(members.map((productId, position) => ({ businessId: owner.businessId, catalogueId: row.id, productId, position })));
  await cataloguesWritten(app.ctx.db, { businessId: owner.businessId, ids: [row.id] });
  return row.id;
}

async function shareLink(owner: Owner, kind: Kind, itemId: string) {
  const res = await admin(owner, kind, 'POST', 'generatePrivateLink', {
    [kind === 'products' ? 'fkProductId' : 'fkCatalogueId']: itemId,
    privateLink: generatePrivateLinkCode(),
    linkExpiresAt: { unit: 'Days', amount: 1 },
    allowMultipleUsers: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload.privateLink.privateLink as string;
}

const openLink = (owner: Owner, kind: Kind, code: string) =>
  app.inject({
    method: 'GET',
    url: `/api/public/${kind}/fetchPrivateLink`,
    query: { businessName: owner.businessName, privateLink: code },
  });

type Named = { productName?: string; catalogueName?: string; businessName?: string; _id: string };
const namesOf = (list: Named[]) => list.map((i) => i.productName ?? i.catalogueName).sort();

/** Everything a visitor can see of the shop's items of one kind, read through every public call. */
async function visitorSees(owner: Owner, kind: Kind, ids: string[]) {
  const name = owner.businessName;
  const one = kind === 'products' ? 'product' : 'catalogue';
  const list = (await get(`/api/public/${kind}/fetchAll`, { businessName: name })).json().payload;
  const fetched: string[] = [];
  for (const id of ids) if ((await get(`/api/public/${kind}/fetch`, { id, businessName: name })).statusCode === 200) fetched.push(id);
  const inShop = (await get('/api/public/user/search', { businessName: name, searchQuery: 'walnut' })).json().payload.searchedData;
  const across = (await get('/api/public/user/search', { searchQuery: 'walnut' })).json().payload.searchedData;
  const suggested = (await get('/api/public/user/searchSuggestions', { businessName: name, searchQuery: 'wal' })).json().payload
    .suggestions;
  const directory = (await get(`/api/public/${kind}/fetchAllUsers`)).json().payload[kind] as Named[];
  const directorySearch = (await get(`/api/public/${kind}/fetchAllUsers`, { searchQuery: 'walnut' })).json().payload[kind] as Named[];
  const sitemap = (await get(`/${name}/sitemap.xml`)).body;
  return {
    list: namesOf(list[kind]),
    count: list.count as number,
    fetched,
    search: namesOf((inShop as (Named & { type: string })[]).filter((i) => i.type === one)),
    searchAcross: namesOf((across as (Named & { type: string })[]).filter((i) => i.type === one && i.businessName === name)),
    suggestions: (suggested as string[]).filter((s) => s.includes(kind === 'products' ? 'Lamp' : 'Set')).sort(),
    directory: namesOf(directory.filter((i) => i.businessName === name)),
    directorySearch: namesOf(directorySearch.filter((i) => i.businessName === name)),
    sitemap: ids.filter((id) => sitemap.includes((kind === 'products' ? productPath : cataloguePath)(name, id))),
  };
}

const nothing = {
  list: [],
  count: 0,
  fetched: [],
  search: [],
  searchAcross: [],
  suggestions: [],
  directory: [],
  directorySearch: [],
  sitemap: [],
};

describe('the All products switch', () => {
  it('hides every product from visitors while off, keeps each product’s own state and private link, and brings back the public ones', async () => {
    const owner = await newOwner('switch-lamps');
    const neighbour = await newOwner('switch-neighbour');
    const [shown, secret] = await insertProducts(app, owner.businessId, [
      { productName: 'Walnut Lamp' },
      { productName: 'Walnut Secret Lamp', isPublic: false },
    ]);
    await insertProducts(app, neighbour.businessId, [{ productName: 'Walnut Lamp Two' }]);
    const ids = [shown, secret] as string[];
    const catalogueId = await addCatalogue(owner, 'Walnut Set', true, ids);
    const code = await shareLink(owner, 'products', secret as string);

    const visible = {
      list: ['Walnut Lamp'],
      count: 1,
      fetched: [shown],
      search: ['Walnut Lamp'],
      searchAcross: ['Walnut Lamp'],
      suggestions: ['Walnut Lamp'],
      directory: ['Walnut Lamp'],
      directorySearch: ['Walnut Lamp'],
      sitemap: [shown],
    };
    // Read once first: the answers are cached (public-cache.ts) and must drop when the switch moves.
    expect(await visitorSees(owner, 'products', ids)).toEqual(visible);

    const off = await admin(owner, 'products', 'PUT', 'updateAllStatus');
    expect(off.json().payload.status).toBe(false);
    expect(await visitorSees(owner, 'products', ids)).toEqual(nothing);
    // Products inside a public catalogue are products too.
    const catalogue = (await get('/api/public/catalogues/fetch', { id: catalogueId, businessName: owner.businessName })).json().payload
      .catalogue;
    expect(catalogue).toMatchObject({ totalProducts: 0, products: [] });
    const members = await get('/api/public/catalogues/fetchProducts', { id: catalogueId, businessName: owner.businessName });
    expect(members.json().payload.count).toBe(0);
    // The owner still sees every product with its own state; the private link still opens its product.
    const own = (await admin(owner, 'products', 'GET', 'fetchAll')).json().payload.products as { _id: string; isPublic: boolean }[];
    expect(Object.fromEntries(own.map((p) => [p._id, p.isPublic]))).toEqual({ [shown as string]: true, [secret as string]: false });
    expect((await openLink(owner, 'products', code)).json().payload.product._id).toBe(secret);
    // Another shop's products are not touched.
    expect(namesOf((await get('/api/public/products/fetchAll', { businessName: neighbour.businessName })).json().payload.products)).toEqual(
      ['Walnut Lamp Two'],
    );

    const on = await admin(owner, 'products', 'PUT', 'updateAllStatus');
    expect(on.json().payload.status).toBe(true);
    expect(await visitorSees(owner, 'products', ids)).toEqual(visible);
    const stored = await app.ctx.db.select().from(products).where(eq(products.businessId, owner.businessId));
    expect(Object.fromEntries(stored.map((p) => [p.id, p.isPublic]))).toEqual({ [shown as string]: true, [secret as string]: false });
    expect((await openLink(owner, 'products', code)).statusCode).toBe(200);
    const links = await admin(owner, 'products', 'GET', 'fetchAllPrivateLinks', { fkProductId: secret as string });
    expect(links.json().payload.count).toBe(1);
  });

  it('refuses an enquiry about a public product while the switch is off', async () => {
    const owner = await newOwner('switch-enquiry');
    const [id] = await insertProducts(app, owner.businessId, [{ productName: 'Walnut Desk' }]);
    await admin(owner, 'products', 'PUT', 'updateAllStatus');
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/products/createLead',
      payload: {
        ...human('product-lead'),
        businessName: owner.businessName,
        fkProductId: id,
        name: 'Asha',
        email: 'asha@example.test',
        phoneNo: '9876543210',
        query: 'Is this in stock?',
      },
    });
    expect(res.statusCode, res.body).toBe(404);
  });
});

describe('the All catalogues switch', () => {
  it('hides every catalogue from visitors while off, keeps each catalogue’s own state and private link, and brings back the public ones', async () => {
    const owner = await newOwner('switch-sets');
    const members = await insertProducts(app, owner.businessId, [
      { productName: 'Oak stool' },
      { productName: 'Oak bench' },
      { productName: 'Oak shelf' },
    ]);
    const shown = await addCatalogue(owner, 'Walnut Set', true, members);
    const secret = await addCatalogue(owner, 'Walnut Secret Set', false, members);
    const code = await shareLink(owner, 'catalogues', secret);
    const ids = [shown, secret];
    const visible = {
      list: ['Walnut Set'],
      count: 1,
      fetched: [shown],
      search: ['Walnut Set'],
      searchAcross: ['Walnut Set'],
      suggestions: ['Walnut Set'],
      directory: ['Walnut Set'],
      directorySearch: ['Walnut Set'],
      sitemap: [shown],
    };
    expect(await visitorSees(owner, 'catalogues', ids)).toEqual(visible);
    const totalCatalogues = async () =>
      (await get('/api/public/user/fetchAll', { businessName: owner.businessName })).json().payload.userProfiles[0].totalCatalogues;
    expect(await totalCatalogues()).toBe(1);

    expect((await admin(owner, 'catalogues', 'PUT', 'updateAllStatus')).json().payload.status).toBe(false);
    expect(await visitorSees(owner, 'catalogues', ids)).toEqual(nothing);
    expect(await totalCatalogues()).toBe(0);
    const own = (await admin(owner, 'catalogues', 'GET', 'fetchAll')).json().payload.catalogues as { _id: string; isPublic: boolean }[];
    expect(Object.fromEntries(own.map((c) => [c._id, c.isPublic]))).toEqual({ [shown]: true, [secret]: false });
    expect((await openLink(owner, 'catalogues', code)).json().payload.catalogue._id).toBe(secret);

    expect((await admin(owner, 'catalogues', 'PUT', 'updateAllStatus')).json().payload.status).toBe(true);
    expect(await visitorSees(owner, 'catalogues', ids)).toEqual(visible);
    const stored = await app.ctx.db.select().from(catalogues).where(eq(catalogues.businessId, owner.businessId));
    expect(Object.fromEntries(stored.map((c) => [c.id, c.isPublic]))).toEqual({ [shown]: true, [secret]: false });
    expect((await openLink(owner, 'catalogues', code)).statusCode).toBe(200);
    const links = await admin(owner, 'catalogues', 'GET', 'fetchAllPrivateLinks', { fkCatalogueId: secret });
    expect(links.json().payload.count).toBe(1);
  });
});

describe('a business whose sign-up email is not verified', () => {
  it('is not public until verified: storefront and public calls answer as for an unknown business, absent from directory and search', async () => {
    const owner = await newOwner('unverified-walnut');
    await app.ctx.db.insert(signups).values({ businessId: owner.businessId, plan: 'Basic' });
    const [id] = await insertProducts(app, owner.businessId, [{ productName: 'Walnut Tray' }]);
    const name = owner.businessName;
    const seen = async () => ({
      page: (await get(`/${name}/home`)).headers.location ?? 'served',
      pageData: (await get(`/${name}/home.data`)).statusCode,
      profile: (await get('/api/public/user/fetchAll', { businessName: name })).statusCode,
      home: (await get('/api/public/user/fetchHome', { businessName: name })).statusCode,
      list: (await get('/api/public/products/fetchAll', { businessName: name })).statusCode,
      product: (await get('/api/public/products/fetch', { businessName: name, id: id as string })).statusCode,
      sitemap: (await get(`/${name}/sitemap.xml`)).statusCode,
      directory: ((await get('/api/public/user/fetchAll')).json().payload.userProfiles as Named[]).some((u) => u.businessName === name),
      directoryProducts: ((await get('/api/public/products/fetchAllUsers')).json().payload.products as Named[]).some(
        (p) => p.businessName === name,
      ),
      search: ((await get('/api/public/user/search', { searchQuery: 'walnut tray' })).json().payload.searchedData as Named[]).some(
        (p) => p.businessName === name,
      ),
    });
    const unknown = (await get('/no-such-walnut-shop/home')).headers.location;
    expect(unknown).toBe('/home');
    expect(await seen()).toEqual({
      page: unknown,
      pageData: 404,
      profile: 404,
      home: 404,
      list: 404,
      product: 404,
      sitemap: 302,
      directory: false,
      directoryProducts: false,
      search: false,
    });

    const verified = await app.inject({
      method: 'POST',
      url: '/api/onboarding/verifyEmail',
      payload: { token: verificationToken(app.ctx, owner.businessId) },
    });
    expect(verified.json().payload.businessName, verified.body).toBe(name);
    // The storefront's business look-up is kept for 5 s (http/tenant.ts).
    await new Promise((r) => setTimeout(r, 5100));
    const after = await seen();
    expect(after).toMatchObject({
      page: 'served',
      profile: 200,
      home: 200,
      list: 200,
      product: 200,
      sitemap: 200,
      directory: true,
      directoryProducts: true,
      search: true,
    });
  });
});
