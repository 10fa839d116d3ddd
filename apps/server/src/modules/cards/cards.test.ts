import { existsSync } from 'node:fs';
import path from 'node:path';
import { cataloguePath, productPath, storePath } from '@stashblog/contract/paths';
import { cardUrl, catalogueCardContent, productCardContent } from '@stashblog/contract/share';
import { palettes } from '@stashblog/contract/themes';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogue, addProduct, updateBusiness } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { setDomain } from '../../cli/set-domain.ts';
import { products } from '../../db/schema/products.ts';
import { fetchPublicCatalogue } from '../catalogues/public-catalogues.service.ts';
import { fetchPublicProduct } from '../products/products.service.ts';
import { fetchPublicProfile } from '../storefront/storefront.service.ts';

let app: TestApp;
let shop: Awaited<ReturnType<TestApp['owner']>>;
let other: Awaited<ReturnType<TestApp['owner']>>;
const red = { r: 220, g: 20, b: 30 };

beforeAll(async () => {
  app = await createTestApp();
  shop = await app.owner('card-shop');
  other = await app.owner('card-other');
  await updateBusiness(app.ctx, shop.businessId, { theme: 'theme3' });
});

/** A product whose one photo is a plain red JPEG in the blob store. */
async function redProduct(name: string) {
  const item = await addProduct(app.ctx, shop.businessId, { name });
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: red } })
    .jpeg()
    .toBuffer();
  await app.ctx.blobs.put(`${item.images[0]}/image.jpg`, jpeg);
  return item;
}

/** The og:image URL the product page names (the same contract function, fed the same public reads). */
async function productCardUrl(id: string, businessName = shop.businessName) {
  const [product, profile] = await Promise.all([
    fetchPublicProduct(app.ctx, { businessName, id }),
    fetchPublicProfile(app.ctx, { businessName }),
  ]);
  return cardUrl(app.ctx.config.publicUrl, businessName, id, productCardContent(product, profile));
}

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url: url.replace(app.ctx.config.publicUrl, ''), headers: token ? { authorization: token } : {} });

async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at], g: data[at + 1], b: data[at + 2] };
}
const hex = (c: { r: number; g: number; b: number }) => `#${[c.r, c.g, c.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b) < 40;

describe('share cards', () => {
  it("are 1200×630 PNGs of the product's photo on the shop's theme colour, kept for a year under their version", async () => {
    const { id } = await redProduct('Brass Diya');
    const url = await productCardUrl(id);
    expect(url).toMatch(/^http:\/\/localhost:\d+\/api\/public\/cards\/product\?businessName=card-shop&id=[0-9a-f-]+&v=[0-9a-z]+$/);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // the photo fills the left square; the right panel is the theme's colour
    expect(near(await pixel(res.rawPayload, 300, 315), red)).toBe(true);
    expect(hex(await pixel(res.rawPayload, 1190, 620))).toBe(palettes.theme3.primary);
    // a second request is the kept card, byte for byte
    expect((await get(url)).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('draws a Hindi name and a product without a photo or price', async () => {
    const { id } = await addProduct(app.ctx, shop.businessId, { name: 'पीतल का दीया क्षत्रिय श्री', images: 0 });
    const res = await get(await productCardUrl(id));
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    // the left square is the theme's surface colour, with no photo to show
    expect(hex(await pixel(res.rawPayload, 300, 315))).toBe(palettes.theme3.surface);
  });

  it('gets a new URL when the item changes, and the old URL answers the new card briefly cached', async () => {
    const { id } = await redProduct('Copper Lota');
    const before = await productCardUrl(id);
    const first = await get(before);
    await app.ctx.db.update(products).set({ pricePerUnit: 1250 }).where(eq(products.id, id));
    const after = await productCardUrl(id);
    expect(after).not.toBe(before);
    const fresh = await get(after);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fresh.rawPayload.equals(first.rawPayload)).toBe(false);
    const old = await get(before);
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('public, max-age=300');
    expect(old.rawPayload.equals(fresh.rawPayload)).toBe(true);
    // the shop's theme is on every card: changing it changes the URL too
    await updateBusiness(app.ctx, shop.businessId, { theme: 'theme6' });
    const themed = await productCardUrl(id);
    expect(themed).not.toBe(after);
    expect(hex(await pixel((await get(themed)).rawPayload, 1190, 620))).toBe(palettes.theme6.primary);
    await updateBusiness(app.ctx, shop.businessId, { theme: 'theme3' });
  });

  it('draws a catalogue card', async () => {
    const { id } = await addCatalogue(app.ctx, shop.businessId);
    const [{ catalogue }, profile] = await Promise.all([
      fetchPublicCatalogue(app.ctx, { businessName: shop.businessName, id }),
      fetchPublicProfile(app.ctx, { businessName: shop.businessName }),
    ]);
    const res = await get(cardUrl(app.ctx.config.publicUrl, shop.businessName, id, catalogueCardContent(catalogue, profile)));
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it('is 404 for private, blocked, unknown and foreign items, telling nothing of them', async () => {
    const { id } = await redProduct('Visible');
    const url = await productCardUrl(id);
    const privateOne = await addProduct(app.ctx, shop.businessId, { isPublic: false });
    const blocked = await addProduct(app.ctx, shop.businessId, { isBlocked: true });
    const privateCatalogue = await addCatalogue(app.ctx, shop.businessId, { isPublic: false });
    const theirs = await addProduct(app.ctx, other.businessId);
    const base = '/api/public/cards';
    for (const path of [
      `${base}/product?businessName=card-shop&id=${privateOne.id}&v=x`,
      `${base}/product?businessName=card-shop&id=${blocked.id}&v=x`,
      `${base}/catalogue?businessName=card-shop&id=${privateCatalogue.id}&v=x`,
      `${base}/product?businessName=card-shop&id=${theirs.id}&v=x`,
      `${base}/catalogue?businessName=card-shop&id=${id}&v=x`,
      `${base}/product?businessName=card-shop&id=not-an-id&v=x`,
      `${base}/product?businessName=nobody&id=${id}&v=x`,
      `${base}/product`,
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
    // made private after it was shared: its card URL answers 404 too
    await app.ctx.db.update(products).set({ isPublic: false }).where(eq(products.id, id));
    expect((await get(url)).statusCode).toBe(404);
  });
});

/** The text of the QR code in a PNG poster, read back with a QR reader. */
async function qrText(png: Buffer): Promise<string | null> {
  // read at 600 px wide, as a phone's camera sees the printed page (jsQR takes seconds over 300 dpi)
  const { data, info } = await sharp(png).resize({ width: 600 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

const poster = (q: string, token = shop.token) => get(`/api/userAdmin/posters/download?${q}`, token);

// A poster is a 300 dpi page: drawing and reading two of them takes seconds, more on a loaded machine.
describe('QR posters', { timeout: 120_000 }, () => {
  it("prints at A6 or A5 and its QR code opens the product's canonical URL", async () => {
    const { id } = await redProduct('Poster Vase');
    const res = await poster(`target=product&id=${id}&size=a6`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="card-shop-product-poster-a6.png"');
    const meta = await sharp(res.rawPayload).metadata();
    // 105 × 148 mm at 300 dpi
    expect([meta.width, meta.height, meta.density]).toEqual([1240, 1748, 300]);
    expect(await qrText(res.rawPayload)).toBe(`${app.ctx.config.publicUrl}${productPath('card-shop', id)}`);

    const a5 = await poster(`target=product&id=${id}&size=a5`);
    const a5meta = await sharp(a5.rawPayload).metadata();
    expect([a5meta.width, a5meta.height]).toEqual([1748, 2480]);
    expect(await qrText(a5.rawPayload)).toBe(`${app.ctx.config.publicUrl}${productPath('card-shop', id)}`);
  });

  it('opens the store home and catalogues, on the custom domain once it is verified', async () => {
    const { id: catalogueId } = await addCatalogue(app.ctx, other.businessId);
    const { id: productId } = await addProduct(app.ctx, other.businessId);
    const store = await poster('target=store', other.token);
    expect(await qrText(store.rawPayload)).toBe(`${app.ctx.config.publicUrl}${storePath('card-other', '/home')}`);
    const catalogue = await poster(`target=catalogue&id=${catalogueId}`, other.token);
    expect(await qrText(catalogue.rawPayload)).toBe(`${app.ctx.config.publicUrl}${cataloguePath('card-other', catalogueId)}`);

    await setDomain(app.ctx, { businessName: 'card-other', domain: 'shop.card.test' });
    expect(await qrText((await poster('target=store', other.token)).rawPayload)).toBe('http://shop.card.test/home');
    const product = await poster(`target=product&id=${productId}`, other.token);
    expect(await qrText(product.rawPayload)).toBe(`http://shop.card.test${productPath('card-other', productId, true)}`);
  });

  it("refuses without a session, and answers 404 for another business's items and private ones", async () => {
    const { id } = await redProduct('Mine');
    expect((await poster(`target=product&id=${id}`, '')).statusCode).toBe(401);
    const theirs = await addProduct(app.ctx, other.businessId);
    const theirCatalogue = await addCatalogue(app.ctx, other.businessId);
    const hidden = await addProduct(app.ctx, shop.businessId, { isPublic: false });
    for (const q of [
      `target=product&id=${theirs.id}`,
      `target=catalogue&id=${theirCatalogue.id}`,
      `target=product&id=${hidden.id}`,
      'target=product',
    ]) {
      const res = await poster(q);
      expect(res.statusCode, q).toBe(404);
    }
    expect((await poster('target=shelf')).statusCode).toBe(400);
    expect((await poster('target=store&size=a4')).statusCode).toBe(400);
  });
});

// The product page's og:image is its card (needs the web build, as `npm test` makes it).
describe.skipIf(!existsSync(path.join(import.meta.dirname, '../../../../web/build/server/index.js')))('the product page', () => {
  it('names its card as og:image and twitter:image, and the card is 1200×630', async () => {
    const { id } = await redProduct('Page Diya');
    const html = (await app.inject({ method: 'GET', url: productPath('card-shop', id), headers: { host: 'localhost:5004' } })).body;
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    const twitter = /<meta name="twitter:image" content="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(og).toBe(await productCardUrl(id));
    expect(twitter).toBe(og);
    const card = await get(og as string);
    expect(card.statusCode).toBe(200);
    const meta = await sharp(card.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });
});
