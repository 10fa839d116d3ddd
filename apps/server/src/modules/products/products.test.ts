import { linkInvalid } from '@stashblog/contract/links';
import { mediaKeyFromUrl } from '@stashblog/contract/paths';
import type { Product, ProductInput } from '@stashblog/contract/products';
import { serverTexts } from '@stashblog/contract/server-texts';
import { sortOptions } from '@stashblog/contract/sort-options';
import { specTexts } from '@stashblog/contract/spec-texts';
import { visibilityTexts } from '@stashblog/contract/visibility-texts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateBusiness, updateProductRows } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { media } from '../../db/schema/media.ts';
import { productJson } from '../../db/schema/product-json.ts';
import { products } from '../../db/schema/products.ts';
import { dailyVisits } from '../../db/schema/visits.ts';
import { createSession } from '../auth/auth.service.ts';
import { createBusiness } from '../businesses/businesses.service.ts';

type Owner = { token: string; businessId: string; businessName: string };
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

const base = { category: 'Lamps', productName: 'Brass lamp', description: 'Hand made' } satisfies ProductInput;
const admin = (path: string) => `/api/userAdmin/products/${path}`;
const pub = (path: string) => `/api/public/products/${path}`;

function call(owner: Owner, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: object) {
  return app.inject({
    method,
    url: admin(path),
    headers: { authorization: owner.token },
    ...(method === 'GET' ? { query: data as Record<string, string> } : data ? { payload: data } : {}),
  });
}

async function create(owner: Owner, input: Partial<ProductInput> = {}): Promise<Product> {
  const res = await call(owner, 'POST', 'create', { ...base, ...input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload.product;
}

const setRow = (id: string, values: Partial<typeof products.$inferInsert>) => updateProductRows(app.ctx, eq(products.id, id), values);

const names = (list: Product[]) => list.map((p) => p.productName);

describe('admin products', () => {
  it('creates a private product when the call does not say, with one upload slot per image name, in order', async () => {
    const owner = await newOwner('creator');
    const res = await call(owner, 'POST', 'create', {
      ...base,
      itemNo: ' BR-1 ',
      images: ['front.jpg', 'back.jpg'],
      specifications: ['Brass', ' Brass ', '', '30 cm'],
      disclaimers: ['Fragile', 'Fragile', '  '],
      tags: ['Brass', 'brass', ' Lamp ', '', 'DECOR'],
      totalUnits: '12',
      pricePerUnit: 1499.5,
      link: 'https://shop.example/lamp',
    });
    expect(res.statusCode).toBe(201);
    const { product, productImagesPreSignedUrls } = res.json().payload;
    expect(res.json().message).toBe(visibilityTexts.created('product', 'private'));
    expect(res.json().payload.placement).toBe('private');
    expect(product).toMatchObject({
      businessName: 'creator',
      productName: 'Brass lamp',
      itemNo: 'BR-1',
      category: 'Lamps',
      specifications: ['Brass', '30 cm'],
      disclaimer: ['Fragile'],
      tags: ['brass', 'lamp', 'decor'],
      totalUnits: 12,
      pricePerUnit: 1499.5,
      link: 'https://shop.example/lamp',
      isPublic: false,
      isPromoted: false,
      isBlocked: false,
    });
    expect(productImagesPreSignedUrls.map((u: { image: string }) => u.image)).toEqual(['front.jpg', 'back.jpg']);
    expect(product.images).toHaveLength(2);
    productImagesPreSignedUrls.forEach((u: { url: string }, i: number) => {
      expect(u.url).toContain(`/api/media/upload/${mediaKeyFromUrl(product.images[i])}?`);
    });
    const fetched = await call(owner, 'GET', 'fetch', { id: product._id });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json().payload.product).toEqual(product);
  });

  it('creates the product public or private as the Add form says, and says where it went (decision 046)', async () => {
    const owner = await newOwner('placer');
    const made = async (body: object) => {
      const res = await call(owner, 'POST', 'create', { ...base, ...body });
      expect(res.statusCode, res.body).toBe(201);
      const { payload, message } = res.json();
      return { isPublic: payload.product.isPublic, placement: payload.placement, message };
    };
    expect(await made({ isPublic: true })).toEqual({
      isPublic: true,
      placement: 'storefront',
      message: visibilityTexts.created('product', 'storefront'),
    });
    expect(await made({ isPublic: false })).toMatchObject({ isPublic: false, placement: 'private' });
    // public while the store switch hides all products: public, but not claimed to be on the storefront
    await updateBusiness(app.ctx, owner.businessId, { isAllProductsActive: false });
    expect(await made({ isPublic: true })).toEqual({
      isPublic: true,
      placement: 'hiddenByStore',
      message: visibilityTexts.created('product', 'hiddenByStore'),
    });
    expect(await made({ isPublic: false })).toMatchObject({ isPublic: false, placement: 'private' });
    const bad = await call(owner, 'POST', 'create', { ...base, isPublic: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('reports the SPEC §5 messages in form order', async () => {
    const owner = await newOwner('validator');
    const cases: [object, string][] = [
      [{}, specTexts.productCategoryRequired],
      [{ category: '  ', productName: '', description: '' }, specTexts.productCategoryRequired],
      [{ category: 'Lamps' }, specTexts.productNameRequired],
      [{ category: 'Lamps', productName: ' ', description: 'x' }, specTexts.productNameRequired],
      [{ category: 'Lamps', productName: 'Lamp' }, specTexts.productDescriptionRequired],
      [{ ...base, description: '   ' }, specTexts.productDescriptionRequired],
      [{ ...base, images: ['1', '2', '3', '4', '5', '6', '7'] }, 'Upto 6 images allowed'],
    ];
    for (const [payload, error] of cases) {
      const res = await call(owner, 'POST', 'create', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, error });
    }
    expect((await call(owner, 'GET', 'fetchAll')).json().payload.count).toBe(0);
  });

  it('takes only an http(s) seller link, on create and on update', async () => {
    const owner = await newOwner('linker');
    for (const link of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://x.test/a',
      'shop.example/lamp',
      'https://',
    ]) {
      const res = await call(owner, 'POST', 'create', { ...base, link });
      expect(res.statusCode, link).toBe(400);
      expect(res.json(), link).toMatchObject({ code: 400, error: linkInvalid('Product') });
    }
    expect((await call(owner, 'GET', 'fetchAll')).json().payload.count).toBe(0);
    const p = await create(owner, { link: ' HTTPS://shop.example/lamp ' });
    expect(p.link).toBe('HTTPS://shop.example/lamp');
    const bad = await call(owner, 'PUT', 'update', { id: p._id, ...base, link: 'javascript:alert(1)' });
    expect(bad.json().error).toBe(linkInvalid('Product'));
    expect((await call(owner, 'GET', 'fetch', { id: p._id })).json().payload.product.link).toBe('HTTPS://shop.example/lamp');
    expect((await create(owner, { link: '' })).link).toBe('');
  });

  it('updates fields, keeps listed images, adds slots for new names and deletes dropped images', async () => {
    const owner = await newOwner('updater');
    const created = await call(owner, 'POST', 'create', { ...base, images: ['a.png', 'b.png', 'c.png'] });
    const { product } = created.json().payload;
    const [a, b, c] = product.images as string[];
    // upload b so that its deletion also removes files
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const bUrl = created.json().payload.productImagesPreSignedUrls[1].url;
    await app.inject({ method: 'PUT', url: bUrl, headers: { 'content-type': 'image/png' }, payload: png });
    expect((await app.inject({ method: 'GET', url: b as string })).statusCode).toBe(200);

    const res = await call(owner, 'PUT', 'update', {
      id: product._id,
      ...base,
      productName: 'Copper lamp',
      tags: ['Copper'],
      images: [c, 'new.png', `http://localhost:5004${a}`, c],
    });
    expect(res.statusCode).toBe(200);
    const { product: updated, newProductImagesPreSignedUrls } = res.json().payload;
    expect(updated.productName).toBe('Copper lamp');
    expect(updated.tags).toEqual(['copper']);
    expect(newProductImagesPreSignedUrls).toHaveLength(1);
    expect(newProductImagesPreSignedUrls[0].image).toBe('new.png');
    expect(updated.images).toHaveLength(3);
    expect(updated.images[0]).toBe(c);
    expect(updated.images[2]).toBe(a);
    expect(newProductImagesPreSignedUrls[0].url).toContain(mediaKeyFromUrl(updated.images[1]));

    const bKey = mediaKeyFromUrl(b as string) as string;
    expect(await app.ctx.db.select().from(media).where(eq(media.id, bKey))).toHaveLength(0);
    expect((await app.inject({ method: 'GET', url: b as string })).statusCode).toBe(404);

    const tooMany = await call(owner, 'PUT', 'update', { id: product._id, ...base, images: [c, a, '1', '2', '3', '4', '5'] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('Upto 6 images allowed');
    const invalid = await call(owner, 'PUT', 'update', { id: product._id, ...base, category: '' });
    expect(invalid.json().error).toBe(specTexts.productCategoryRequired);
  });

  const full = {
    ...base,
    itemNo: 'BL-7',
    images: ['a.png', 'b.png'],
    specifications: ['Brass', '40 cm'],
    disclaimers: ['Hand polished'],
    tags: ['brass', 'lamp'],
    totalUnits: 12,
    pricePerUnit: 2500,
    link: 'https://example.test/lamp',
  };
  const stored = async (id: string) => {
    const [{ updatedAt: _u, search: _s, ...row }] = await app.ctx.db.select().from(products).where(eq(products.id, id));
    return row;
  };

  it('leaves every optional field a call does not carry as it is stored', async () => {
    const owner = await newOwner('omitter');
    const product = await create(owner, full);
    const before = await stored(product._id);
    expect(before).toMatchObject({ itemNo: 'BL-7', totalUnits: 12, pricePerUnit: 2500, tags: ['brass', 'lamp'] });
    expect(before.images).toHaveLength(2);
    const res = await call(owner, 'PUT', 'update', { id: product._id, ...base });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.newProductImagesPreSignedUrls).toEqual([]);
    expect(await stored(product._id)).toEqual(before);
    expect(await app.ctx.db.select().from(media).where(eq(media.businessId, owner.businessId))).toHaveLength(2);
    // Each optional field left out alone, the others sent as stored: still nothing changes.
    const asSent = { ...full, images: product.images };
    for (const field of ['itemNo', 'images', 'specifications', 'disclaimers', 'tags', 'totalUnits', 'pricePerUnit', 'link'] as const) {
      const { [field]: _left, ...rest } = asSent;
      const one = await call(owner, 'PUT', 'update', { id: product._id, ...rest });
      expect(one.statusCode, field).toBe(200);
      expect(await stored(product._id), field).toEqual(before);
    }
  });

  it('removes what an update sends empty: images, lists, text and numbers', async () => {
    const owner = await newOwner('emptier');
    const product = await create(owner, full);
    const res = await call(owner, 'PUT', 'update', {
      id: product._id,
      ...base,
      itemNo: '',
      images: [],
      specifications: [],
      disclaimers: [],
      tags: [],
      totalUnits: null,
      pricePerUnit: '',
      link: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(product._id)).toMatchObject({
      itemNo: '',
      images: [],
      specifications: [],
      disclaimers: [],
      tags: [],
      totalUnits: null,
      pricePerUnit: null,
      link: '',
    });
    expect(await app.ctx.db.select().from(media).where(eq(media.businessId, owner.businessId))).toHaveLength(0);
  });

  it('treats a url of another product’s image as a new file name', async () => {
    const owner = await newOwner('borrower');
    const one = await create(owner, { images: ['x.png'] });
    const two = await create(owner);
    const res = await call(owner, 'PUT', 'update', { id: two._id, ...base, images: [one.images[0]] });
    expect(res.json().payload.newProductImagesPreSignedUrls).toHaveLength(1);
    expect(res.json().payload.product.images[0]).not.toBe(one.images[0]);
  });

  it('deletes a product and its images', async () => {
    const owner = await newOwner('deleter');
    const p = await create(owner, { images: ['a.png'] });
    const res = await call(owner, 'DELETE', 'delete', { id: p._id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 201, message: serverTexts.productDeleted, payload: { id: p._id } });
    expect((await call(owner, 'GET', 'fetch', { id: p._id })).statusCode).toBe(404);
    expect(await app.ctx.db.select().from(media).where(eq(media.businessId, owner.businessId))).toHaveLength(0);
    expect((await call(owner, 'DELETE', 'delete', { id: p._id })).statusCode).toBe(404);
  });

  it('toggles status and promotion, refusing both on a blocked product', async () => {
    const owner = await newOwner('toggler');
    const p = await create(owner);
    const pub1 = await call(owner, 'PUT', 'updateStatus', { id: p._id });
    expect(pub1.json()).toMatchObject({ code: 201, message: serverTexts.productPublic, payload: { status: true } });
    const pub2 = await call(owner, 'PUT', 'updateStatus', { id: p._id });
    expect(pub2.json()).toMatchObject({ message: serverTexts.productPrivate, payload: { status: false } });
    const pro1 = await call(owner, 'PUT', 'promote', { id: p._id });
    expect(pro1.json()).toMatchObject({ message: serverTexts.productPromoted, payload: { status: true } });
    const fetched = (await call(owner, 'GET', 'fetch', { id: p._id })).json().payload.product;
    expect(fetched).toMatchObject({ isPromoted: true, promoted: true, isPublic: false });
    const pro2 = await call(owner, 'PUT', 'promote', { id: p._id });
    expect(pro2.json()).toMatchObject({ message: serverTexts.productDemoted, payload: { status: false } });

    await setRow(p._id, { isBlocked: true });
    const blocked = (await call(owner, 'GET', 'fetch', { id: p._id })).json().payload.product;
    expect(blocked.isBlocked).toBe(true);
    for (const path of ['updateStatus', 'promote']) {
      const res = await call(owner, 'PUT', path, { id: p._id });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(specTexts.productBlocked);
    }
  });

  it('flips the All products switch with updateAllStatus, leaving each product’s own state as it was', async () => {
    const owner = await newOwner('allstatus');
    const [a, b] = [await create(owner), await create(owner)];
    await call(owner, 'PUT', 'updateStatus', { id: a._id });
    const off = await call(owner, 'PUT', 'updateAllStatus');
    expect(off.json()).toMatchObject({ code: 201, message: serverTexts.allProductsInactive, payload: { status: false } });
    const publicOf = async () =>
      Object.fromEntries(
        (await app.ctx.db.select().from(products).where(eq(products.businessId, owner.businessId))).map((r) => [r.id, r.isPublic]),
      );
    expect(await publicOf()).toEqual({ [a._id]: true, [b._id]: false });
    const on = await call(owner, 'PUT', 'updateAllStatus');
    expect(on.json()).toMatchObject({ message: serverTexts.allProductsActive, payload: { status: true } });
    expect(await publicOf()).toEqual({ [a._id]: true, [b._id]: false });
    const [biz] = await app.ctx.db.select().from(businesses).where(eq(businesses.id, owner.businessId));
    expect(biz?.isAllProductsActive).toBe(true);
  });

  it('lists with every sort order, filters and stable paging', async () => {
    const owner = await newOwner('lister');
    const day = 24 * 3600_000;
    const specs = [
      { productName: 'banana stand', category: 'Kitchen', tags: ['wood'] },
      { productName: 'Apple crate', category: 'Kitchen', tags: ['wood', 'box'] },
      { productName: 'cherry bowl', category: 'Decor', tags: ['brass'] },
      { productName: 'Date box', category: 'Decor', tags: ['box'] },
      { productName: 'Elder chair', category: 'Furniture', tags: [] },
    ];
    const made: Product[] = [];
    for (const [i, s] of specs.entries()) {
      const p = await create(owner, s);
      await setRow(p._id, { createdAt: new Date(Date.UTC(2024, 0, 1) + i * day) });
      made.push(p);
    }
    await call(owner, 'PUT', 'promote', { id: made[3]?._id });
    const list = async (q: Record<string, string> = {}) => (await call(owner, 'GET', 'fetchAll', q)).json().payload;

    const byDefault = await list();
    expect(names(byDefault.products)).toEqual(['Elder chair', 'Date box', 'cherry bowl', 'Apple crate', 'banana stand']);
    expect(byDefault.count).toBe(5);
    const expected: Record<(typeof sortOptions)[number], string[]> = {
      'Date, new to old': ['Elder chair', 'Date box', 'cherry bowl', 'Apple crate', 'banana stand'],
      'Date, old to new': ['banana stand', 'Apple crate', 'cherry bowl', 'Date box', 'Elder chair'],
      'Alphabetically A-Z': ['Apple crate', 'banana stand', 'cherry bowl', 'Date box', 'Elder chair'],
      'Alphabetically Z-A': ['Elder chair', 'Date box', 'cherry bowl', 'banana stand', 'Apple crate'],
    };
    for (const sort of sortOptions) expect(names((await list({ sort })).products), sort).toEqual(expected[sort]);
    const badSort = await call(owner, 'GET', 'fetchAll', { sort: 'newest' });
    expect(badSort.statusCode).toBe(400);

    const page2 = await list({ perPage: '2', pageNo: '2', sort: 'Alphabetically A-Z' });
    expect(names(page2.products)).toEqual(['cherry bowl', 'Date box']);
    const last = await list({ perPage: '2', pageNo: '3', sort: 'Alphabetically A-Z' });
    expect(names(last.products)).toEqual(['Elder chair']);
    expect(last.count).toBe(5);
    const beyond = await list({ perPage: '2', pageNo: '4' });
    expect(beyond).toEqual({ products: [], count: 5 });
    const farBeyond = await list({ perPage: '100', pageNo: '999999999999' });
    expect(farBeyond).toEqual({ products: [], count: 5 });
    // the default admin page size is 12
    for (let i = 0; i < 8; i++) await create(owner, { productName: `Filler ${i}` });
    expect((await list()).products).toHaveLength(12);

    expect(names((await list({ isPromoted: 'true' })).products)).toEqual(['Date box']);
    // the Casual tab leaves promoted products out; no filter lists all
    const casual = await list({ isPromoted: 'false', perPage: '100' });
    expect(casual.count).toBe(12);
    expect(names(casual.products)).not.toContain('Date box');
    expect((await list({ perPage: '100' })).count).toBe(13);
    expect(names((await list({ productName: 'BOX' })).products)).toEqual(['Date box']);
    expect(names((await list({ productName: '%' })).products)).toEqual([]);
    expect(names((await list({ category: 'kitchen', sort: 'Alphabetically A-Z' })).products)).toEqual(['Apple crate', 'banana stand']);
    expect(names((await list({ tags: 'Wood', sort: 'Alphabetically A-Z' })).products)).toEqual(['Apple crate', 'banana stand']);
    expect(names((await list({ tags: 'wood,box' })).products)).toEqual(['Apple crate']);
  });

  it('lists distinct categories matching the typed text', async () => {
    const owner = await newOwner('categorised');
    for (const category of ['Kitchen', 'Decor', 'Kitchen', 'Home decor', 'Garden']) await create(owner, { category });
    const other = await newOwner('othercats');
    await create(other, { category: 'Decorations' });
    const cats = async (q: Record<string, string> = {}) => (await call(owner, 'GET', 'fetchCategories', q)).json().payload.categories;
    expect(await cats()).toEqual(['Decor', 'Garden', 'Home decor', 'Kitchen']);
    expect(await cats({ category: 'dec' })).toEqual(['Decor', 'Home decor']);
    expect(await cats({ perPage: '2', pageNo: '2' })).toEqual(['Home decor', 'Kitchen']);
    expect(await cats({ perPage: '2', pageNo: '3' })).toEqual([]);
  });

  it('answers 404 for malformed and unknown ids', async () => {
    const owner = await newOwner('malformed');
    for (const id of ['', 'abc', "1' or '1'='1", '00000000-0000-7000-8000-000000000000', 'x'.repeat(5000)]) {
      expect((await call(owner, 'GET', 'fetch', { id })).statusCode, id).toBe(404);
      expect((await call(owner, 'PUT', 'update', { id, ...base })).statusCode).toBe(404);
      expect((await call(owner, 'DELETE', 'delete', { id })).statusCode).toBe(404);
      expect((await call(owner, 'PUT', 'updateStatus', { id })).statusCode).toBe(404);
      expect((await call(owner, 'PUT', 'promote', { id })).statusCode).toBe(404);
    }
  });

  it('requires sign-in for every admin call', async () => {
    for (const [method, path] of [
      ['POST', 'create'],
      ['PUT', 'update'],
      ['GET', 'fetch'],
      ['DELETE', 'delete'],
      ['GET', 'fetchAll'],
      ['GET', 'fetchCategories'],
      ['PUT', 'updateStatus'],
      ['PUT', 'promote'],
      ['PUT', 'updateAllStatus'],
    ] as const) {
      expect((await app.inject({ method, url: admin(path) })).statusCode, path).toBe(401);
    }
  });
});

describe('tenant isolation', () => {
  it("never lets owner A read or change owner B's product", async () => {
    const a = await newOwner('tenant-a');
    const b = await newOwner('tenant-b');
    const theirs = await create(b, { images: ['keep.png'], tags: ['mine'] });
    const before = await app.ctx.db.select().from(products).where(eq(products.id, theirs._id));
    const id = theirs._id;
    const attempts = [
      await call(a, 'GET', 'fetch', { id }),
      await call(a, 'PUT', 'update', { id, ...base, productName: 'stolen', images: [] }),
      await call(a, 'DELETE', 'delete', { id }),
      await call(a, 'PUT', 'updateStatus', { id }),
      await call(a, 'PUT', 'promote', { id }),
    ];
    for (const res of attempts) expect(res.statusCode).toBe(404);
    expect((await call(a, 'GET', 'fetchAll')).json().payload).toEqual({ products: [], count: 0 });
    expect((await call(a, 'GET', 'fetchCategories')).json().payload.categories).toEqual([]);
    await call(a, 'PUT', 'updateAllStatus');
    const after = await app.ctx.db.select().from(products).where(eq(products.id, theirs._id));
    expect(after).toEqual(before);
    expect(await app.ctx.db.select().from(media).where(eq(media.businessId, b.businessId))).toHaveLength(1);
  });
});

describe('public products', () => {
  async function shop(name: string) {
    const owner = await newOwner(name);
    const makePublic = async (input: Partial<ProductInput>) => {
      const p = await create(owner, input);
      await call(owner, 'PUT', 'updateStatus', { id: p._id });
      return p;
    };
    return { owner, makePublic };
  }

  it('fetches only public, unblocked products through their own business', async () => {
    const { owner, makePublic } = await shop('pubshop');
    const other = await shop('othershop');
    const visible = await makePublic({ productName: 'Visible' });
    const hidden = await create(owner, { productName: 'Hidden' });
    const blocked = await makePublic({ productName: 'Blocked' });
    await setRow(blocked._id, { isBlocked: true });

    const res = await app.inject({ method: 'GET', url: pub('fetch'), query: { id: visible._id, businessName: 'pubshop' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.product).toMatchObject({ _id: visible._id, productName: 'Visible', businessName: 'pubshop' });
    const upper = await app.inject({ method: 'GET', url: pub('fetch'), query: { id: visible._id, businessName: 'PubShop' } });
    expect(upper.statusCode).toBe(200);

    for (const query of [
      { id: hidden._id, businessName: 'pubshop' },
      { id: blocked._id, businessName: 'pubshop' },
      { id: visible._id, businessName: 'othershop' },
      { id: visible._id, businessName: 'nobody' },
      { id: 'garbage', businessName: 'pubshop' },
    ]) {
      const r = await app.inject({ method: 'GET', url: pub('fetch'), query });
      expect(r.statusCode, JSON.stringify(query)).toBe(404);
    }
    expect(other.owner.businessName).toBe('othershop');

    const list = await app.inject({ method: 'GET', url: pub('fetchAll'), query: { businessName: 'pubshop' } });
    expect(list.json().payload).toMatchObject({ count: 1 });
    expect(names(list.json().payload.products)).toEqual(['Visible']);
    // an empty list is not a missing business: one with nothing public answers an empty page, an unknown name 404
    const empty = await app.inject({ method: 'GET', url: pub('fetchAll'), query: { businessName: 'othershop' } });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().payload).toEqual({ products: [], count: 0 });
    expect((await app.inject({ method: 'GET', url: pub('fetchAll'), query: { businessName: 'nobody' } })).statusCode).toBe(404);

    await updateBusiness(app.ctx, owner.businessId, { isBlocked: true });
    expect((await app.inject({ method: 'GET', url: pub('fetch'), query: { id: visible._id, businessName: 'pubshop' } })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: pub('fetchAll'), query: { businessName: 'pubshop' } })).statusCode).toBe(404);
  });

  it('lists a business’s public products with sorts, promoted filter and paging', async () => {
    const { makePublic, owner } = await shop('pubsort');
    for (const [i, productName] of ['b', 'A', 'c'].entries()) {
      const p = await makePublic({ productName });
      await setRow(p._id, { createdAt: new Date(Date.UTC(2024, 1, 1 + i)) });
      if (productName === 'c') await call(owner, 'PUT', 'promote', { id: p._id });
    }
    await create(owner, { productName: 'private one' });
    const list = async (q: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: pub('fetchAll'), query: { businessName: 'pubsort', ...q } })).json().payload;
    expect(names((await list({})).products)).toEqual(['c', 'A', 'b']);
    expect(names((await list({ sort: 'Date, old to new' })).products)).toEqual(['b', 'A', 'c']);
    expect(names((await list({ sort: 'Alphabetically A-Z' })).products)).toEqual(['A', 'b', 'c']);
    expect(names((await list({ sort: 'Alphabetically Z-A' })).products)).toEqual(['c', 'b', 'A']);
    expect(names((await list({ isPromoted: 'true' })).products)).toEqual(['c']);
    expect(await list({ perPage: '2', pageNo: '2' })).toMatchObject({ count: 3 });
    expect(names((await list({ perPage: '2', pageNo: '2' })).products)).toEqual(['b']);
    expect(await list({ perPage: '2', pageNo: '3' })).toEqual({ products: [], count: 3 });
  });

  it('lists each product as its own page shows it, after every kind of write (JSON kept by PostgreSQL, decision 032)', async () => {
    const { owner, makePublic } = await shop('pubjson');
    const first = await makePublic({ productName: 'First lamp', pricePerUnit: 10 });
    const second = await makePublic({ productName: 'Second lamp', images: ['a.jpg', 'b.jpg'] });
    const listed = async (businessName = 'pubjson') =>
      (await app.inject({ method: 'GET', url: pub('fetchAll'), query: { businessName } })).json().payload.products as Product[];
    const ownPage = async (id: string, businessName = 'pubjson') =>
      (await app.inject({ method: 'GET', url: pub('fetch'), query: { id, businessName } })).json().payload.product as Product;
    const expectListedAsOwnPages = async (businessName = 'pubjson') => {
      const list = await listed(businessName);
      for (const p of list) expect(p).toEqual(await ownPage(p._id, businessName));
      return list;
    };

    expect(await expectListedAsOwnPages()).toHaveLength(2);
    // through the owner's calls: an edit (new name, price, images reordered and one dropped), a promotion
    const edited = await call(owner, 'PUT', 'update', {
      ...base,
      id: first._id,
      productName: 'First lamp, renamed',
      pricePerUnit: 12.75,
      tags: ['brass'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await call(owner, 'PUT', 'update', { ...base, id: second._id, productName: 'Second lamp', images: [second.images[1]] });
    await call(owner, 'PUT', 'promote', { id: second._id });
    let list = await expectListedAsOwnPages();
    expect(list.find((p) => p._id === first._id)).toMatchObject({
      productName: 'First lamp, renamed',
      pricePerUnit: 12.75,
      tags: ['brass'],
    });
    expect(list.find((p) => p._id === second._id)).toMatchObject({ images: [second.images[1]], isPromoted: true });
    // a write that goes round every service (plain SQL through the pool) and a business renamed
    await setRow(first._id, { description: 'Changed "underneath"', totalUnits: 7 });
    await updateBusiness(app.ctx, owner.businessId, { businessName: 'pubjson-renamed' });
    list = await expectListedAsOwnPages('pubjson-renamed');
    expect(list.find((p) => p._id === first._id)).toMatchObject({ description: 'Changed "underneath"', totalUnits: 7 });
    expect(list.every((p) => p.businessName === 'pubjson-renamed')).toBe(true);
    await updateBusiness(app.ctx, owner.businessId, { businessName: 'pubjson' });
    // hidden, then deleted: gone from the list, and nothing of it is left behind
    await call(owner, 'PUT', 'updateStatus', { id: second._id });
    expect((await listed()).map((p) => p._id)).toEqual([first._id]);
    expect((await call(owner, 'DELETE', 'delete', { id: first._id })).statusCode).toBe(200);
    expect(await listed()).toEqual([]);
    const left = await app.ctx.db.select().from(productJson).where(eq(productJson.businessId, owner.businessId));
    expect(left.map((r) => r.id)).toEqual([second._id]);
  });

  it('filters the storefront listing by category, ignoring case', async () => {
    const { makePublic } = await shop('pubcat');
    await makePublic({ productName: 'vase', category: 'Pottery' });
    await makePublic({ productName: 'quilt', category: 'Textiles' });
    const list = async (category: string) =>
      (await app.inject({ method: 'GET', url: pub('fetchAll'), query: { businessName: 'pubcat', category } })).json().payload;
    expect(await list('pottery')).toMatchObject({ count: 1, products: [{ productName: 'vase' }] });
    expect((await list('')).count).toBe(2);
    expect((await list('Nothing')).count).toBe(0);
  });

  it('suggests related products first and never the product itself', async () => {
    const { owner, makePublic } = await shop('suggester');
    const lamp = await makePublic({ productName: 'Lamp', category: 'Lighting', tags: ['brass'] });
    await makePublic({ productName: 'Unrelated', category: 'Garden', tags: ['steel'] });
    await makePublic({ productName: 'Shade', category: 'Lighting' });
    await makePublic({ productName: 'Brass bowl', category: 'Kitchen', tags: ['brass'] });
    await create(owner, { productName: 'Private lamp', category: 'Lighting' });
    const other = await shop('suggester-2');
    await other.makePublic({ productName: 'Foreign lamp', category: 'Lighting' });
    const res = await app.inject({ method: 'GET', url: pub('fetchSuggestions'), query: { id: lamp._id, businessName: 'suggester' } });
    expect(res.statusCode).toBe(200);
    const got = names(res.json().payload.products);
    expect(got).toHaveLength(3);
    expect(got.slice(0, 2).sort()).toEqual(['Brass bowl', 'Shade']);
    expect(got[2]).toBe('Unrelated');
    const paged = await app.inject({
      method: 'GET',
      url: pub('fetchSuggestions'),
      query: { id: lamp._id, businessName: 'suggester', perPage: '2', pageNo: '2' },
    });
    expect(names(paged.json().payload.products)).toEqual(['Unrelated']);
    const wrongShop = await app.inject({
      method: 'GET',
      url: pub('fetchSuggestions'),
      query: { id: lamp._id, businessName: 'suggester-2' },
    });
    expect(wrongShop.statusCode).toBe(404);
  });

  it('counts a visit once per visitor per day, not for bots, and only for public products', async () => {
    const { owner, makePublic } = await shop('visited');
    const p = await makePublic({});
    const visit = (ua: string, id = p._id, businessName = 'visited', remoteAddress = '10.0.0.1') =>
      app.inject({ method: 'PUT', url: pub('visits'), headers: { 'user-agent': ua }, payload: { id, businessName }, remoteAddress });
    const human = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
    expect((await visit(human)).json()).toMatchObject({ code: 201, payload: { counted: true } });
    expect((await visit(human)).json().payload.counted).toBe(false);
    expect((await visit(human, p._id, 'visited', '10.0.0.2')).json().payload.counted).toBe(true);
    expect((await visit('Googlebot/2.1 (+http://www.google.com/bot.html)')).json().payload.counted).toBe(false);
    const [row] = await app.ctx.db.select().from(products).where(eq(products.id, p._id));
    expect(row?.visits).toBe(2);
    const days = await app.ctx.db
      .select()
      .from(dailyVisits)
      .where(and(eq(dailyVisits.subjectId, p._id), eq(dailyVisits.subjectType, 'product')));
    expect(days).toHaveLength(1);
    expect(days[0]?.count).toBe(2);

    const hidden = await create(owner);
    expect((await visit(human, hidden._id)).statusCode).toBe(404);
    expect((await visit(human, p._id, 'pubshop-none')).statusCode).toBe(404);
  });

  it('lists public products across businesses for the directory, searchable', async () => {
    const one = await shop('dir-one');
    const two = await shop('dir-two');
    await one.makePublic({ productName: 'Teak table', category: 'Furniture', tags: ['wood'] });
    await two.makePublic({ productName: 'Clay pot', category: 'Garden', tags: ['terracotta'] });
    const promoted = await two.makePublic({ productName: 'Silk scarf', category: 'Apparel' });
    await call(two.owner, 'PUT', 'promote', { id: promoted._id });
    await create(two.owner, { productName: 'Secret teak' });
    const blocked = await one.makePublic({ productName: 'Blocked teak' });
    await setRow(blocked._id, { isBlocked: true });

    // other tests' shops share this database: keep to the two made here
    const dir = async (q: Record<string, string>) => {
      const { products: list } = (await app.inject({ method: 'GET', url: pub('fetchAllUsers'), query: { perPage: '100', ...q } })).json()
        .payload;
      const mine = list.filter((p: Product) => p.businessName.startsWith('dir-'));
      return { products: mine as Product[], count: mine.length };
    };
    expect(names((await dir({ sort: 'Alphabetically A-Z' })).products)).toEqual(['Clay pot', 'Silk scarf', 'Teak table']);
    expect(names((await dir({ searchQuery: 'TEAK' })).products)).toEqual(['Teak table']);
    expect(names((await dir({ searchQuery: 'garden' })).products)).toEqual(['Clay pot']);
    expect(names((await dir({ searchQuery: 'terraCOTTA' })).products)).toEqual(['Clay pot']);
    const raw = await app.inject({ method: 'GET', url: pub('fetchAllUsers'), query: { searchQuery: 'teak' } });
    expect(raw.json().payload.count).toBe(1);
    const promotedOnly = await dir({ isPromoted: 'true', searchQuery: 'silk' });
    expect(names(promotedOnly.products)).toEqual(['Silk scarf']);
    expect(promotedOnly.products[0]?.businessName).toBe('dir-two');

    await updateBusiness(app.ctx, two.owner.businessId, { isBlocked: true });
    expect((await dir({ searchQuery: 'silk' })).count).toBe(0);
  });
});
