import { serverTexts } from '@stashblog/contract/server-texts';
import { sortOptions } from '@stashblog/contract/sort-options';
import { specTexts } from '@stashblog/contract/spec-texts';
import { visibilityTexts } from '@stashblog/contract/visibility-texts';
import { and, count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateBusiness, updateCatalogueRows, updateProductRows } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertProducts } from '../../../test/test-products.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogueProducts, catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';
import { dailyVisits } from '../../db/schema/visits.ts';
import { changePublicContent } from '../../db/tenant-writes.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

type Owner = Awaited<ReturnType<TestApp['owner']>>;
const A = '/api/userAdmin/catalogues';
const P = '/api/public/catalogues';

function call(owner: Owner | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, args?: Record<string, unknown>) {
  const headers = owner ? { authorization: owner.token } : {};
  if (method === 'GET') {
    const query = Object.fromEntries(Object.entries(args ?? {}).map(([k, v]) => [k, String(v)]));
    return app.inject({ method, url: path, query, headers });
  }
  return app.inject({ method, url: path, payload: args, headers });
}

async function createCatalogue(owner: Owner, catalogueName: string, productIds: string[], description = `${catalogueName} description`) {
  const res = await call(owner, 'POST', `${A}/create`, { catalogueName, description, products: productIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload.catalogue as { _id: string; [k: string]: unknown };
}

async function makePublic(owner: Owner, id: string) {
  const res = await call(owner, 'PUT', `${A}/updateStatus`, { id });
  expect(res.json().payload.status).toBe(true);
}

const names = (list: { catalogueName?: string; productName?: string }[]) => list.map((x) => x.catalogueName ?? x.productName);

describe('admin catalogues: create and validation', () => {
  let owner: Owner;
  let ids: string[];
  beforeAll(async () => {
    owner = await app.owner('val-shop');
    ids = await insertProducts(app, owner.businessId, [
      { productName: 'Mug', category: 'kitchen', tags: ['ceramic'] },
      { productName: 'Plate', category: 'kitchen', tags: ['ceramic', 'white'] },
      { productName: 'Lamp', category: 'lighting', images: [] },
      { productName: 'Rug', category: 'floor' },
    ]);
  });

  it('gives the SPEC messages in form order', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'd', products: ids }, specTexts.catalogueNameRequired],
      [{ catalogueName: '  ', description: 'd', products: ids }, specTexts.catalogueNameRequired],
      [{ catalogueName: 'n', products: ids }, specTexts.catalogueDescriptionRequired],
      [{ catalogueName: 'n', description: '', products: ids }, specTexts.catalogueDescriptionRequired],
      [{ catalogueName: 'n', description: 'd' }, specTexts.catalogueMinProducts],
      [{ catalogueName: 'n', description: 'd', products: ids.slice(0, 2) }, specTexts.catalogueMinProducts],
      // duplicates count once
      [{ catalogueName: 'n', description: 'd', products: [ids[0], ids[0], ids[1]] }, specTexts.catalogueMinProducts],
    ];
    for (const [body, message] of cases) {
      const res = await call(owner, 'POST', `${A}/create`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, error: message });
    }
    const [{ n }] = await app.ctx.db.select({ n: count() }).from(catalogues).where(eq(catalogues.businessId, owner.businessId));
    expect(n).toBe(0);
  });

  it('creates a private catalogue when the call does not say, with fields derived from its products', async () => {
    const res = await call(owner, 'POST', `${A}/create`, { catalogueName: 'Home', description: 'All for home', products: ids.slice(0, 3) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ code: 201, message: visibilityTexts.created('catalogue', 'private'), error: null });
    expect(body.payload.placement).toBe('private');
    const c = body.payload.catalogue;
    expect(c).toMatchObject({
      businessName: 'val-shop',
      catalogueName: 'Home',
      description: 'All for home',
      categories: ['kitchen', 'lighting'],
      tags: ['ceramic', 'white'],
      totalProducts: 3,
      isPublic: false,
      isPromoted: false,
      isBlocked: false,
      products: ids.slice(0, 3),
    });
    // Lamp has no image: two images, each the first of its product.
    expect(c.images).toHaveLength(2);
    expect(c.images[0]).toMatch(/^\/media\/[0-9a-f-]{36}\/image\.jpg$/);
    expect(c._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('creates the catalogue public or private as the Add form says, and says where it went (decision 046)', async () => {
    const shop = await app.owner('placing-shop');
    const members = await insertProducts(app, shop.businessId, [{ productName: 'A' }, { productName: 'B' }, { productName: 'C' }]);
    const made = async (isPublic: boolean) => {
      const res = await call(shop, 'POST', `${A}/create`, { catalogueName: 'Set', description: 'd', products: members, isPublic });
      expect(res.statusCode, res.body).toBe(201);
      const { payload, message } = res.json();
      return { isPublic: payload.catalogue.isPublic, placement: payload.placement, message };
    };
    expect(await made(true)).toEqual({
      isPublic: true,
      placement: 'storefront',
      message: visibilityTexts.created('catalogue', 'storefront'),
    });
    expect(await made(false)).toEqual({ isPublic: false, placement: 'private', message: visibilityTexts.created('catalogue', 'private') });
    await updateBusiness(app.ctx, shop.businessId, { isAllCataloguesActive: false });
    expect(await made(true)).toEqual({
      isPublic: true,
      placement: 'hiddenByStore',
      message: visibilityTexts.created('catalogue', 'hiddenByStore'),
    });
    // with the switch off visitors see none of them
    const res = await call(shop, 'GET', `${P}/fetchAll`, { businessName: 'placing-shop' });
    expect(res.json().payload.catalogues).toEqual([]);
  });

  it('refuses products that are not the owner own, writing nothing', async () => {
    const other = await app.owner('val-other');
    const [foreign] = await insertProducts(app, other.businessId, [{ productName: 'Theirs' }]);
    const before = await app.ctx.db.select({ n: count() }).from(catalogues);
    for (const bad of [foreign, uuidv7(), 'not-an-id']) {
      const res = await call(owner, 'POST', `${A}/create`, { catalogueName: 'X', description: 'Y', products: [ids[0], ids[1], bad] });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(serverTexts.productNotFound);
    }
    expect(await app.ctx.db.select({ n: count() }).from(catalogues)).toEqual(before);
  });

  it('requires sign-in', async () => {
    const res = await call(null, 'POST', `${A}/create`, { catalogueName: 'X', description: 'Y', products: ids });
    expect(res.statusCode).toBe(401);
    expect((await call(null, 'GET', `${A}/fetchAll`)).statusCode).toBe(401);
  });
});

describe('admin catalogues: update, fetch, delete, status', () => {
  let owner: Owner;
  let other: Owner;
  let ids: string[];
  let theirs: string[];
  let cat: { _id: string };
  let theirCat: { _id: string };
  beforeAll(async () => {
    owner = await app.owner('upd-shop');
    other = await app.owner('upd-other');
    ids = await insertProducts(app, owner.businessId, [
      { productName: 'A', category: 'c1' },
      { productName: 'B', category: 'c2' },
      { productName: 'C', category: 'c3' },
      { productName: 'D', category: 'c4' },
    ]);
    theirs = await insertProducts(app, other.businessId, [{ productName: 'X' }, { productName: 'Y' }, { productName: 'Z' }]);
    cat = await createCatalogue(owner, 'Mine', ids.slice(0, 3));
    theirCat = await createCatalogue(other, 'Theirs', theirs);
  });

  it('updates name, description and members; validation applies on update too', async () => {
    const res = await call(owner, 'PUT', `${A}/update`, {
      id: cat._id,
      catalogueName: 'Renamed',
      description: 'New text',
      products: [ids[3], ids[1], ids[2]],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 201,
      message: serverTexts.catalogueUpdated,
      payload: {
        catalogue: {
          catalogueName: 'Renamed',
          description: 'New text',
          products: [ids[3], ids[1], ids[2]],
          categories: ['c4', 'c2', 'c3'],
        },
      },
    });
    const short = await call(owner, 'PUT', `${A}/update`, {
      id: cat._id,
      catalogueName: 'R',
      description: 'D',
      products: [ids[0], ids[1]],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(specTexts.catalogueMinProducts);
    const noName = await call(owner, 'PUT', `${A}/update`, { id: cat._id, catalogueName: '', description: 'D', products: ids });
    expect(noName.json().error).toBe(specTexts.catalogueNameRequired);
  });

  it('refuses foreign products on update, leaving the catalogue as it was', async () => {
    const res = await call(owner, 'PUT', `${A}/update`, {
      id: cat._id,
      catalogueName: 'Hijack',
      description: 'D',
      products: [ids[0], ids[1], theirs[0]],
    });
    expect(res.statusCode).toBe(404);
    const fetched = (await call(owner, 'GET', `${A}/fetch`, { id: cat._id })).json().payload.catalogue;
    expect(fetched).toMatchObject({ catalogueName: 'Renamed', products: [ids[3], ids[1], ids[2]] });
  });

  it('answers 404 for a foreign, unknown or malformed id on every owner call, changing nothing', async () => {
    const snapshot = async () => {
      const [row] = await app.ctx.db.select().from(catalogues).where(eq(catalogues.id, theirCat._id));
      const members = await app.ctx.db.select().from(catalogueProducts).where(eq(catalogueProducts.catalogueId, theirCat._id));
      const [b] = await app.ctx.db.select().from(businesses).where(eq(businesses.id, other.businessId));
      return { row, members, all: b.isAllCataloguesActive };
    };
    const before = await snapshot();
    for (const id of [theirCat._id, uuidv7(), 'garbage', '']) {
      const calls = [
        call(owner, 'GET', `${A}/fetch`, { id }),
        call(owner, 'GET', `${A}/fetchProducts`, { id }),
        call(owner, 'PUT', `${A}/update`, { id, catalogueName: 'X', description: 'Y', products: ids.slice(0, 3) }),
        call(owner, 'PUT', `${A}/updateStatus`, { id }),
        call(owner, 'PUT', `${A}/promote`, { id }),
        call(owner, 'DELETE', `${A}/delete`, { id }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
        expect(res.json().code).toBe(404);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('toggles public/private and promotion, with SPEC payload.status', async () => {
    const pub = await call(owner, 'PUT', `${A}/updateStatus`, { id: cat._id });
    expect(pub.json()).toMatchObject({ code: 201, message: serverTexts.cataloguePublic, payload: { status: true } });
    const priv = await call(owner, 'PUT', `${A}/updateStatus`, { id: cat._id });
    expect(priv.json()).toMatchObject({ message: serverTexts.cataloguePrivate, payload: { status: false } });
    const promo = await call(owner, 'PUT', `${A}/promote`, { id: cat._id });
    expect(promo.json()).toMatchObject({ message: serverTexts.cataloguePromoted, payload: { status: true } });
    const fetched = (await call(owner, 'GET', `${A}/fetch`, { id: cat._id })).json().payload.catalogue;
    expect(fetched).toMatchObject({ isPublic: false, isPromoted: true });
    const demo = await call(owner, 'PUT', `${A}/promote`, { id: cat._id });
    expect(demo.json()).toMatchObject({ message: serverTexts.catalogueDemoted, payload: { status: false } });
  });

  it('shows a blocked catalogue to its owner but refuses status and promotion', async () => {
    const blocked = await createCatalogue(owner, 'Blocked one', ids.slice(0, 3));
    await updateCatalogueRows(app.ctx, eq(catalogues.id, blocked._id), { isBlocked: true });
    const fetched = await call(owner, 'GET', `${A}/fetch`, { id: blocked._id });
    expect(fetched.json().payload.catalogue.isBlocked).toBe(true);
    for (const path of ['updateStatus', 'promote']) {
      const res = await call(owner, 'PUT', `${A}/${path}`, { id: blocked._id });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(specTexts.catalogueBlocked);
    }
    const [row] = await app.ctx.db.select().from(catalogues).where(eq(catalogues.id, blocked._id));
    expect(row).toMatchObject({ isPublic: false, isPromoted: false });
  });

  it('flips the All catalogues switch with updateAllStatus, leaving each catalogue and other businesses alone', async () => {
    await makePublic(other, theirCat._id);
    const publicOf = async () =>
      Object.fromEntries(
        (await app.ctx.db.select().from(catalogues).where(eq(catalogues.businessId, owner.businessId))).map((c) => [c.id, c.isPublic]),
      );
    const shown = await createCatalogue(owner, 'Switch public', ids.slice(0, 3));
    await makePublic(owner, shown._id);
    const secret = await createCatalogue(owner, 'Switch private', ids.slice(0, 3));
    const before = await publicOf();
    expect(before).toMatchObject({ [shown._id]: true, [secret._id]: false });
    const off = await call(owner, 'PUT', `${A}/updateAllStatus`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ code: 201, message: serverTexts.allCataloguesInactive, payload: { status: false } });
    expect(await publicOf()).toEqual(before);
    const on = await call(owner, 'PUT', `${A}/updateAllStatus`);
    expect(on.json()).toMatchObject({ message: serverTexts.allCataloguesActive, payload: { status: true } });
    expect(await publicOf()).toEqual(before);
    const [b] = await app.ctx.db.select().from(businesses).where(eq(businesses.id, owner.businessId));
    expect(b.isAllCataloguesActive).toBe(true);
    const [theirsRow] = await app.ctx.db.select().from(catalogues).where(eq(catalogues.id, theirCat._id));
    expect(theirsRow.isPublic).toBe(true);
    const [ob] = await app.ctx.db.select().from(businesses).where(eq(businesses.id, other.businessId));
    expect(ob.isAllCataloguesActive).toBe(true);
  });

  it('refuses an update that leaves out a field, changing nothing (every field of a catalogue update is required)', async () => {
    const kept = await createCatalogue(owner, 'Kept whole', ids.slice(0, 3));
    const read = async () => ({
      row: (await app.ctx.db.select().from(catalogues).where(eq(catalogues.id, kept._id)))[0],
      members: (await call(owner, 'GET', `${A}/fetch`, { id: kept._id })).json().payload.catalogue.products,
    });
    const before = await read();
    const full = { id: kept._id, catalogueName: 'Renamed', description: 'New words', products: ids.slice(1, 4) };
    for (const field of ['catalogueName', 'description', 'products'] as const) {
      const { [field]: _left, ...rest } = full;
      const res = await call(owner, 'PUT', `${A}/update`, rest);
      expect(res.statusCode, field).toBe(400);
      expect(await read(), field).toEqual(before);
    }
  });

  it('deletes a catalogue and its memberships, not its products', async () => {
    const doomed = await createCatalogue(owner, 'Doomed', ids.slice(0, 3));
    const res = await call(owner, 'DELETE', `${A}/delete`, { id: doomed._id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 201, message: serverTexts.catalogueDeleted, payload: { id: doomed._id } });
    expect((await call(owner, 'GET', `${A}/fetch`, { id: doomed._id })).statusCode).toBe(404);
    const members = await app.ctx.db.select().from(catalogueProducts).where(eq(catalogueProducts.catalogueId, doomed._id));
    expect(members).toHaveLength(0);
    const [{ n }] = await app.ctx.db.select({ n: count() }).from(products).where(eq(products.businessId, owner.businessId));
    expect(n).toBe(4);
  });
});

describe('admin catalogues: lists', () => {
  let owner: Owner;
  let ids: string[];
  const created: string[] = [];
  beforeAll(async () => {
    owner = await app.owner('list-shop');
    ids = await insertProducts(app, owner.businessId, [
      { productName: 'banana', isPublic: false },
      { productName: 'Apple', isBlocked: true },
      { productName: 'cherry' },
      { productName: 'Date' },
    ]);
    // Created in this order: names chosen so that date and name orders differ.
    for (const name of ['bravo', 'Delta', 'alpha', 'charlie', 'echo'])
      created.push((await createCatalogue(owner, name, ids.slice(0, 3)))._id);
    await call(owner, 'PUT', `${A}/promote`, { id: created[1] });
    await call(owner, 'PUT', `${A}/promote`, { id: created[3] });
    const stranger = await app.owner('list-stranger');
    const theirs = await insertProducts(app, stranger.businessId, [{ productName: 'q' }, { productName: 'r' }, { productName: 's' }]);
    await createCatalogue(stranger, 'alpha stranger', theirs);
  });

  it('lists only the owner catalogues, newest first by default, 12 per page', async () => {
    const res = await call(owner, 'GET', `${A}/fetchAll`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 201, payload: { count: 5 } });
    expect(names(res.json().payload.catalogues)).toEqual(['echo', 'charlie', 'alpha', 'Delta', 'bravo']);
  });

  it('sorts by each SPEC option', async () => {
    const expected: Record<string, string[]> = {
      'Date, new to old': ['echo', 'charlie', 'alpha', 'Delta', 'bravo'],
      'Date, old to new': ['bravo', 'Delta', 'alpha', 'charlie', 'echo'],
      'Alphabetically A-Z': ['alpha', 'bravo', 'charlie', 'Delta', 'echo'],
      'Alphabetically Z-A': ['echo', 'Delta', 'charlie', 'bravo', 'alpha'],
    };
    for (const sort of sortOptions) {
      const res = await call(owner, 'GET', `${A}/fetchAll`, { sort });
      expect(names(res.json().payload.catalogues), sort).toEqual(expected[sort]);
    }
    const bad = await call(owner, 'GET', `${A}/fetchAll`, { sort: 'price' });
    expect(bad.statusCode).toBe(400);
  });

  it('pages without overlap and answers an empty page past the end', async () => {
    const page = async (pageNo: number) =>
      (await call(owner, 'GET', `${A}/fetchAll`, { perPage: 2, pageNo, sort: 'Date, old to new' })).json().payload;
    expect(names((await page(1)).catalogues)).toEqual(['bravo', 'Delta']);
    expect(names((await page(2)).catalogues)).toEqual(['alpha', 'charlie']);
    expect(names((await page(3)).catalogues)).toEqual(['echo']);
    expect(await page(4)).toEqual({ catalogues: [], count: 5 });
    for (const bad of [{ pageNo: 0 }, { perPage: 0 }, { pageNo: 'x' }, { perPage: 1000 }]) {
      expect((await call(owner, 'GET', `${A}/fetchAll`, bad)).statusCode).toBe(400);
    }
  });

  it('filters by promotion and by name', async () => {
    const promoted = (await call(owner, 'GET', `${A}/fetchAll`, { isPromoted: true })).json().payload;
    expect(names(promoted.catalogues)).toEqual(['charlie', 'Delta']);
    expect(promoted.count).toBe(2);
    const casual = (await call(owner, 'GET', `${A}/fetchAll`, { isPromoted: false })).json().payload;
    expect(names(casual.catalogues)).toEqual(['echo', 'alpha', 'bravo']);
    const search = (await call(owner, 'GET', `${A}/fetchAll`, { catalogueName: 'ALP' })).json().payload;
    expect(search).toMatchObject({ count: 1, catalogues: [{ catalogueName: 'alpha' }] });
    const wild = (await call(owner, 'GET', `${A}/fetchAll`, { catalogueName: '%' })).json().payload;
    expect(wild.count).toBe(0);
  });

  it('lists a catalogue products for the owner, private and blocked included, sorted and paged', async () => {
    const expected: Record<string, string[]> = {
      'Date, new to old': ['cherry', 'Apple', 'banana'],
      'Date, old to new': ['banana', 'Apple', 'cherry'],
      'Alphabetically A-Z': ['Apple', 'banana', 'cherry'],
      'Alphabetically Z-A': ['cherry', 'banana', 'Apple'],
    };
    for (const sort of sortOptions) {
      const res = await call(owner, 'GET', `${A}/fetchProducts`, { id: created[0], sort });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload.count).toBe(3);
      expect(names(res.json().payload.products), sort).toEqual(expected[sort]);
    }
    const p2 = (await call(owner, 'GET', `${A}/fetchProducts`, { id: created[0], perPage: 2, pageNo: 2 })).json().payload;
    expect(names(p2.products)).toEqual(['banana']);
    expect(p2.count).toBe(3);
    const [first] = (await call(owner, 'GET', `${A}/fetchProducts`, { id: created[0], sort: 'Alphabetically A-Z' })).json().payload
      .products;
    expect(first).toMatchObject({ _id: ids[1], businessName: 'list-shop', isBlocked: true });
  });
});

describe('public catalogues', () => {
  let owner: Owner;
  let ids: string[];
  let cat: { _id: string };
  beforeAll(async () => {
    owner = await app.owner('pub-shop');
    ids = await insertProducts(app, owner.businessId, [
      { productName: 'One', category: 'alpha', tags: ['t1'] },
      { productName: 'Two', category: 'beta', tags: ['t2'] },
      { productName: 'Three', category: 'gamma' },
      { productName: 'Four', category: 'delta' },
      { productName: 'Hidden', category: 'secret', isPublic: false },
    ]);
    cat = await createCatalogue(owner, 'Showcase', ids);
  });

  const fetchPublic = (id: string, businessName = 'pub-shop') => call(null, 'GET', `${P}/fetch`, { id, businessName });

  it('hides a private catalogue from visitors', async () => {
    expect((await fetchPublic(cat._id)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${P}/fetchProducts`, { id: cat._id, businessName: 'pub-shop' })).statusCode).toBe(404);
    const list = (await call(null, 'GET', `${P}/fetchAll`, { businessName: 'pub-shop' })).json().payload;
    expect(list).toEqual({ catalogues: [], count: 0 });
  });

  it('shows a public catalogue with only visible products', async () => {
    await makePublic(owner, cat._id);
    const res = await fetchPublic(cat._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.catalogue).toMatchObject({
      catalogueName: 'Showcase',
      businessName: 'pub-shop',
      totalProducts: 4,
      products: ids.slice(0, 4),
      categories: ['alpha', 'beta', 'gamma', 'delta'],
      tags: ['t1', 't2'],
    });
    expect(res.json().payload.catalogue.images).toHaveLength(4);
    const owned = (await call(owner, 'GET', `${A}/fetch`, { id: cat._id })).json().payload.catalogue;
    expect(owned.totalProducts).toBe(5);
    expect(owned.categories).toContain('secret');
    // the owner sees both counts: all members, and those visitors see
    expect(owned.publicProducts).toBe(4);
    expect(res.json().payload.catalogue.publicProducts).toBe(4);
  });

  it('keeps derived counts right when a member is made private, blocked or deleted', async () => {
    const visibleCount = async () => (await fetchPublic(cat._id)).json().payload.catalogue;
    const ownerCount = async () => (await call(owner, 'GET', `${A}/fetch`, { id: cat._id })).json().payload.catalogue;
    await updateProductRows(app.ctx, eq(products.id, ids[0]), { isPublic: false });
    expect(await visibleCount()).toMatchObject({ totalProducts: 3, categories: ['beta', 'gamma', 'delta'] });
    expect((await ownerCount()).totalProducts).toBe(5);
    await updateProductRows(app.ctx, eq(products.id, ids[1]), { isBlocked: true });
    expect(await visibleCount()).toMatchObject({ totalProducts: 2, categories: ['gamma', 'delta'], products: [ids[2], ids[3]] });
    expect(await ownerCount()).toMatchObject({ totalProducts: 5, publicProducts: 2 });
    const adminListed = (await call(owner, 'GET', `${A}/fetchAll`, {})).json().payload.catalogues;
    expect(adminListed.find((c: { _id: string }) => c._id === cat._id)).toMatchObject({ totalProducts: 5, publicProducts: 2 });
    const listed = (await call(null, 'GET', `${P}/fetchAll`, { businessName: 'pub-shop' })).json().payload.catalogues[0];
    expect(listed.totalProducts).toBe(2);
    expect(listed.images).toHaveLength(2);
    const prods = (await call(null, 'GET', `${P}/fetchProducts`, { id: cat._id, businessName: 'pub-shop' })).json().payload;
    expect(prods.count).toBe(2);
    await changePublicContent(app.ctx.db, owner.businessId, (tx) =>
      tx.delete(products).where(and(eq(products.businessId, owner.businessId), eq(products.id, ids[3]))),
    );
    expect(await visibleCount()).toMatchObject({ totalProducts: 1, categories: ['gamma'] });
    expect((await ownerCount()).totalProducts).toBe(4);
    // A product edit shows up at once as well.
    await updateProductRows(app.ctx, eq(products.id, ids[2]), { category: 'renamed' });
    expect((await visibleCount()).categories).toEqual(['renamed']);
    await updateProductRows(app.ctx, eq(products.businessId, owner.businessId), { isPublic: true, isBlocked: false });
  });

  it('lists a catalogue visible products with each sort and paging (10 per page by default)', async () => {
    const many = await insertProducts(
      app,
      owner.businessId,
      Array.from({ length: 11 }, (_, i) => ({ productName: `Item ${String.fromCharCode(107 - i)}` })),
    );
    const big = await createCatalogue(owner, 'Big', many);
    await makePublic(owner, big._id);
    await updateProductRows(app.ctx, eq(products.id, many[10]), { isPublic: false });
    const q = (args: Record<string, unknown>) =>
      call(null, 'GET', `${P}/fetchProducts`, { id: big._id, businessName: 'pub-shop', ...args });
    const first = (await q({})).json().payload;
    expect(first.count).toBe(10);
    expect(first.products).toHaveLength(10);
    expect(first.products[0]._id).toBe(many[9]);
    const second = (await q({ pageNo: 2 })).json().payload;
    expect(second).toEqual({ products: [], count: 10 });
    const letters = (list: { productName: string }[]) => list.map((p) => p.productName.slice(-1)).join('');
    expect(letters((await q({ sort: 'Date, old to new', perPage: 4 })).json().payload.products)).toBe('kjih');
    expect(letters((await q({ sort: 'Alphabetically A-Z', perPage: 4 })).json().payload.products)).toBe('bcde');
    expect(letters((await q({ sort: 'Alphabetically Z-A', perPage: 4, pageNo: 3 })).json().payload.products)).toBe('cb');
    expect(letters((await q({ sort: 'Date, new to old', perPage: 3 })).json().payload.products)).toBe('bcd');
  });

  it('lists public catalogues of a business with sort, promotion filter and paging', async () => {
    const ids3 = ids.slice(0, 3);
    const zed = await createCatalogue(owner, 'zed', ids3);
    const abe = await createCatalogue(owner, 'Abe', ids3);
    await createCatalogue(owner, 'private one', ids3);
    await makePublic(owner, zed._id);
    await makePublic(owner, abe._id);
    await call(owner, 'PUT', `${A}/promote`, { id: zed._id });
    const list = async (args: Record<string, unknown>) =>
      (await call(null, 'GET', `${P}/fetchAll`, { businessName: 'pub-shop', ...args })).json().payload;
    expect(names((await list({})).catalogues)).toEqual(['Abe', 'zed', 'Big', 'Showcase']);
    expect(names((await list({ sort: 'Date, old to new' })).catalogues)).toEqual(['Showcase', 'Big', 'zed', 'Abe']);
    expect(names((await list({ sort: 'Alphabetically A-Z' })).catalogues)).toEqual(['Abe', 'Big', 'Showcase', 'zed']);
    expect(names((await list({ sort: 'Alphabetically Z-A' })).catalogues)).toEqual(['zed', 'Showcase', 'Big', 'Abe']);
    expect(await list({ isPromoted: true })).toMatchObject({ count: 1, catalogues: [{ catalogueName: 'zed', isPromoted: true }] });
    expect((await list({ isPromoted: false })).count).toBe(3);
    expect(await list({ perPage: 3, pageNo: 2 })).toMatchObject({ count: 4, catalogues: [{ catalogueName: 'Showcase' }] });
  });

  it('answers 404 for blocked catalogues, wrong or blocked businesses and bad ids', async () => {
    const blocked = await createCatalogue(owner, 'Blocked', ids.slice(0, 3));
    await makePublic(owner, blocked._id);
    await updateCatalogueRows(app.ctx, eq(catalogues.id, blocked._id), { isBlocked: true });
    expect((await fetchPublic(blocked._id)).statusCode).toBe(404);
    const listed = (await call(null, 'GET', `${P}/fetchAll`, { businessName: 'pub-shop' })).json().payload.catalogues;
    expect(names(listed)).not.toContain('Blocked');
    await app.owner('pub-elsewhere');
    expect((await fetchPublic(cat._id, 'pub-elsewhere')).statusCode).toBe(404);
    expect((await fetchPublic(cat._id, 'nobody-here')).statusCode).toBe(404);
    expect((await fetchPublic('nonsense')).statusCode).toBe(404);
    expect((await fetchPublic(uuidv7())).statusCode).toBe(404);
    expect((await call(null, 'GET', `${P}/fetchAll`, { businessName: 'nobody-here' })).statusCode).toBe(404);
    // Postgres refuses NUL bytes: they must never turn into a 500 (the edge refuses them in queries).
    expect((await call(null, 'GET', `${P}/fetchAll`, { businessName: 'nobody\u0000here' })).statusCode).toBe(400);
    expect((await call(null, 'GET', `${P}/fetchAllUsers`, { searchQuery: 'a\u0000b' })).statusCode).toBe(400);
    const blockedBiz = await app.owner('pub-blocked');
    const theirs = await insertProducts(app, blockedBiz.businessId, [{ productName: 'a' }, { productName: 'b' }, { productName: 'c' }]);
    const theirCat = await createCatalogue(blockedBiz, 'Gone', theirs);
    await makePublic(blockedBiz, theirCat._id);
    expect((await fetchPublic(theirCat._id, 'pub-blocked')).statusCode).toBe(200);
    await updateBusiness(app.ctx, blockedBiz.businessId, { isBlocked: true });
    expect((await fetchPublic(theirCat._id, 'pub-blocked')).statusCode).toBe(404);
    expect((await call(null, 'GET', `${P}/fetchAll`, { businessName: 'pub-blocked' })).statusCode).toBe(404);
  });

  it('counts visits from browsers, not bots, once per visitor per day', async () => {
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
    const visit = (ua: string, id = cat._id, remoteAddress = '10.0.0.1') =>
      app.inject({
        method: 'PUT',
        url: `${P}/visits`,
        payload: { id, businessName: 'pub-shop' },
        headers: { 'user-agent': ua },
        remoteAddress,
      });
    const first = await visit(browser);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 201, payload: { counted: true } });
    expect((await visit(browser)).json().payload.counted).toBe(false);
    expect((await visit(browser, cat._id, '10.0.0.2')).json().payload.counted).toBe(true);
    expect((await visit('Googlebot/2.1 (+http://www.google.com/bot.html)')).json().payload.counted).toBe(false);
    const [row] = await app.ctx.db.select().from(catalogues).where(eq(catalogues.id, cat._id));
    expect(row.visits).toBe(2);
    const daily = await app.ctx.db.select().from(dailyVisits).where(eq(dailyVisits.subjectId, cat._id));
    expect(daily).toMatchObject([{ subjectType: 'catalogue', count: 2 }]);
    const hidden = await createCatalogue(owner, 'Not yet', ids.slice(0, 3));
    expect((await visit(browser, hidden._id)).statusCode).toBe(404);
  });
});

describe('public catalogues across businesses (fetchAllUsers)', () => {
  it('lists visible catalogues of visible businesses with search, promotion and sort', async () => {
    const one = await app.owner('dir-one');
    const two = await app.owner('dir-two');
    const gone = await app.owner('dir-gone');
    const make = async (o: Owner, name: string, opts: { public?: boolean; promote?: boolean; block?: boolean } = {}) => {
      const ids = await insertProducts(app, o.businessId, [{ productName: 'p1' }, { productName: 'p2' }, { productName: 'p3' }]);
      const c = await createCatalogue(o, name, ids, `about ${name}`);
      if (opts.public !== false) await makePublic(o, c._id);
      if (opts.promote) await call(o, 'PUT', `${A}/promote`, { id: c._id });
      if (opts.block) await updateCatalogueRows(app.ctx, eq(catalogues.id, c._id), { isBlocked: true });
      return c;
    };
    await make(one, 'Dirzeta spices', { promote: true });
    await make(two, 'Diralpha silks');
    await make(two, 'Dirhidden private', { public: false });
    await make(two, 'Dirblocked', { block: true });
    await make(gone, 'Dirgone');
    await updateBusiness(app.ctx, gone.businessId, { isBlocked: true });

    const list = async (args: Record<string, unknown>) => (await call(null, 'GET', `${P}/fetchAllUsers`, args)).json().payload;
    const all = await list({ searchQuery: 'dir', sort: 'Alphabetically A-Z' });
    expect(all.count).toBe(2);
    expect(all.catalogues.map((c: { catalogueName: string; businessName: string }) => [c.catalogueName, c.businessName])).toEqual([
      ['Diralpha silks', 'dir-two'],
      ['Dirzeta spices', 'dir-one'],
    ]);
    expect(names((await list({ searchQuery: 'dir' })).catalogues)).toEqual(['Diralpha silks', 'Dirzeta spices']);
    expect(names((await list({ searchQuery: 'SPICES' })).catalogues)).toEqual(['Dirzeta spices']);
    expect(names((await list({ searchQuery: 'about diralpha' })).catalogues)).toEqual(['Diralpha silks']);
    expect(names((await list({ searchQuery: 'dir', isPromoted: true })).catalogues)).toEqual(['Dirzeta spices']);
    expect(await list({ searchQuery: 'dir', perPage: 1, pageNo: 3 })).toEqual({ catalogues: [], count: 2, countCapped: false });
    const res = await call(null, 'GET', `${P}/fetchAllUsers`);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.count).toBeGreaterThanOrEqual(2);
  });
});
