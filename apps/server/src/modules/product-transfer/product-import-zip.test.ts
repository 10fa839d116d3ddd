import type { ImportZip, ProductImport } from '@stashblog/contract/product-transfer';
import { importTexts } from '@stashblog/contract/product-transfer-texts';
import { and, asc, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvOf, header, previewImport, row, runImport } from '../../../test/product-files.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { contentVersions } from '../../db/schema/content-versions.ts';
import { media } from '../../db/schema/media.ts';
import { productImports } from '../../db/schema/product-imports.ts';
import { products } from '../../db/schema/products.ts';
import { sweepImportZips } from './product-import.jobs.ts';
import { importZipKey } from './product-import.service.ts';

// A bulk import with a ZIP of images (decision 062) through the HTTP API, jobs run by the test.

type Owner = { token: string; businessId: string; businessName: string };
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const admin = (path: string) => `/api/userAdmin/products/${path}`;
const png = (colour: string, width = 640) =>
  sharp({ create: { width, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(files)) zip.file(name, data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function uploadZip(owner: Owner, zip: Buffer, fileName = 'images.zip') {
  return app.inject({
    method: 'PUT',
    url: admin('uploadImportZip'),
    headers: { authorization: owner.token, 'content-type': 'application/zip' },
    query: { fileName },
    payload: zip,
  });
}

const preview = (owner: Owner, file: Buffer, zipId: string) => previewImport(app, owner, file, { zipId });

/** Uploads the ZIP, previews the file with it, imports and runs the jobs (the variants' too). */
async function importWithZip(owner: Owner, file: Buffer, zip: Buffer): Promise<ProductImport> {
  const up = await uploadZip(owner, zip);
  expect(up.statusCode, up.body).toBe(200);
  const res = await preview(owner, file, (up.json().payload.zip as ImportZip)._id);
  expect(res.statusCode, res.body).toBe(200);
  const { _id, problems } = res.json().payload.import as ProductImport;
  expect(problems).toEqual([]);
  return runImport(app, owner, _id);
}

const stored = (businessId: string) =>
  app.ctx.db.select().from(products).where(eq(products.businessId, businessId)).orderBy(asc(products.createdAt), asc(products.id));
const mediaOf = (businessId: string) => app.ctx.db.select().from(media).where(eq(media.businessId, businessId)).orderBy(asc(media.id));
const version = async (businessId: string) =>
  (await app.ctx.db.select().from(contentVersions).where(eq(contentVersions.businessId, businessId)))[0]?.version ?? 0;

describe('import with a ZIP of images', () => {
  it('creates the product with the image the row names (folders and case ignored), served with its variants', async () => {
    const owner = await app.owner('zip-create-shop');
    const zip = await zipOf({ 'photos/Red-Lamp.PNG': await png('#c33') });
    const file = csvOf([
      header,
      row({ productName: 'Red lamp', itemNo: 'R-1', category: 'Lamps', description: 'Bright', images: 'red-lamp.png' }),
    ]);
    const imp = await importWithZip(owner, file, zip);
    expect(imp).toMatchObject({ state: 'done', created: 1, failed: 0, zipName: 'images.zip' });
    const [product] = await stored(owner.businessId);
    expect(product?.images).toHaveLength(1);
    const id = product?.images[0] as string;
    const [image] = await mediaOf(owner.businessId);
    expect(image).toMatchObject({ id, status: 'ready', originalName: 'Red-Lamp.PNG', width: 640, height: 480 });
    expect(image?.variantWidths.length).toBeGreaterThan(0);
    const jpeg = await app.inject({ method: 'GET', url: `/media/${id}/image.jpg` });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpeg.rawPayload).metadata()).width).toBe(640);
    const webp = await app.inject({ method: 'GET', url: `/media/${id}/${image?.variantWidths[0]}.webp` });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    // the ZIP is dropped once the import is done
    expect(await app.ctx.blobs.exists(importZipKey(owner.businessId, imp._id))).toBe(false);
  });

  it('lists an entry missing from the ZIP, a file that is not an image and one too large as row problems, writing nothing', async () => {
    const owner = await app.owner('zip-problem-shop');
    const zip = await zipOf({
      'good.jpg': await sharp(await png('#3a3'))
        .jpeg()
        .toBuffer(),
      'notes.jpg': 'not an image at all',
      // 11 MB of zeros deflate to a few KB: refused by its declared size, before it is inflated
      'huge.png': Buffer.alloc(11 * 1024 * 1024),
    });
    const up = await uploadZip(owner, zip);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().payload.zip).toMatchObject({ fileName: 'images.zip', entries: 3 });
    const versionBefore = await version(owner.businessId);
    const file = csvOf([
      header,
      row({ productName: 'Fine', category: 'A', description: 'B', images: 'good.jpg' }),
      row({ productName: 'Missing', category: 'A', description: 'B', images: 'good.jpg\nabsent.jpg' }),
      row({ productName: 'Text', category: 'A', description: 'B', images: 'notes.jpg' }),
      row({ productName: 'Bomb', category: 'A', description: 'B', images: 'huge.png' }),
    ]);
    const res = await preview(owner, file, up.json().payload.zip._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.import).toMatchObject({ state: 'previewed', total: 4, valid: 1, zipName: 'images.zip' });
    expect(res.json().payload.import.problems).toEqual([
      { row: 3, messages: [importTexts.unknownImage('absent.jpg')] },
      { row: 4, messages: [importTexts.zipImageUnreadable('notes.jpg')] },
      { row: 5, messages: [importTexts.zipImageTooLarge('huge.png')] },
    ]);
    expect(await stored(owner.businessId)).toEqual([]);
    expect(await mediaOf(owner.businessId)).toEqual([]);
    expect(await version(owner.businessId)).toBe(versionBefore);
  });

  it('stops inflating an entry whose header understates its size (a zip bomb that lies)', async () => {
    const owner = await app.owner('zip-liar-shop');
    const zip = await zipOf({ 'liar.png': Buffer.alloc(11 * 1024 * 1024, 1) });
    // Its local and central headers say 1,000 bytes: allowed by the declared size, refused while inflating.
    zip.writeUInt32LE(1000, 22);
    zip.writeUInt32LE(1000, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    const up = await uploadZip(owner, zip);
    expect(up.statusCode, up.body).toBe(200);
    const file = csvOf([header, row({ productName: 'Liar', category: 'A', description: 'B', images: 'liar.png' })]);
    const res = await preview(owner, file, up.json().payload.zip._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.import.problems).toEqual([{ row: 2, messages: [importTexts.zipImageTooLarge('liar.png')] }]);
  });

  it('refuses what is not a ZIP, and an unknown or started zipId, writing nothing', async () => {
    const owner = await app.owner('zip-refusal-shop');
    const notZip = await uploadZip(owner, Buffer.from('PK\u0003\u0004 certainly not a zip'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().error).toBe(importTexts.zipUnreadable);
    const empty = await uploadZip(owner, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(await app.ctx.db.select().from(productImports).where(eq(productImports.businessId, owner.businessId))).toEqual([]);
    const file = csvOf([header, row({ productName: 'A', category: 'B', description: 'C' })]);
    expect((await preview(owner, file, '0193aaaa-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const done = await importWithZip(owner, file, await zipOf({ 'a.png': await png('#00f') }));
    const again = await preview(owner, file, done._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(importTexts.zipNotUsable);
  });

  it('keeps own images beside new ones in the row order; the same file and ZIP twice change nothing', async () => {
    const owner = await app.owner('zip-twice-shop');
    const first = await zipOf({ 'front.png': await png('#111') });
    const file1 = csvOf([header, row({ productName: 'Chair', itemNo: 'C-1', category: 'Seats', description: 'Oak', images: 'front.png' })]);
    expect(await importWithZip(owner, file1, first)).toMatchObject({ created: 1 });
    const [chair] = await stored(owner.businessId);
    const front = chair?.images[0] as string;

    // An exported file lists the product's own image by its url; the ZIP adds a new one before it.
    const zip = await zipOf({ 'side.png': await png('#222'), 'unused.png': await png('#333') });
    const file2 = csvOf([
      header,
      row({
        productName: 'Chair',
        itemNo: 'C-1',
        category: 'Seats',
        description: 'Oak',
        images: `side.png\nhttp://localhost/media/${front}/image.jpg`,
      }),
    ]);
    expect(await importWithZip(owner, file2, zip)).toMatchObject({ state: 'done', updated: 1, created: 0 });
    const [after] = await stored(owner.businessId);
    expect(after?.images).toHaveLength(2);
    expect(after?.images[1]).toBe(front);
    expect((await mediaOf(owner.businessId)).map((m) => m.originalName).sort()).toEqual(['front.png', 'side.png']);

    const rowsBefore = await stored(owner.businessId);
    const mediaBefore = await mediaOf(owner.businessId);
    const versionBefore = await version(owner.businessId);
    expect(await importWithZip(owner, file2, zip)).toMatchObject({ state: 'done', updated: 0, created: 0, unchanged: 1 });
    expect(await stored(owner.businessId)).toEqual(rowsBefore);
    expect(await mediaOf(owner.businessId)).toEqual(mediaBefore);
    expect(await version(owner.businessId)).toBe(versionBefore);
  });
});

describe('a ZIP never imported', () => {
  it('is dropped with its draft or preview a day after it was last touched; a fresh one stays', async () => {
    const owner = await app.owner('zip-sweep-shop');
    const file = csvOf([header, row({ productName: 'A', category: 'B', description: 'C', images: 'a.png' })]);
    const zip = await zipOf({ 'a.png': await png('#888') });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await uploadZip(owner, zip)).json().payload.zip._id);
    const [draft, previewed, fresh] = ids as [string, string, string];
    expect((await preview(owner, file, previewed)).statusCode).toBe(200);
    await app.ctx.db
      .update(productImports)
      .set({ updatedAt: sql`now() - interval '25 hours'` })
      .where(and(eq(productImports.businessId, owner.businessId), sql`${productImports.id} in (${draft}, ${previewed})`));
    await sweepImportZips(app.ctx, {}, { attempts: 1, maxAttempts: 3, final: false });
    const left = await app.ctx.db.select().from(productImports).where(eq(productImports.businessId, owner.businessId));
    expect(left.map((i) => i.id)).toEqual([fresh]);
    for (const id of [draft, previewed]) expect(await app.ctx.blobs.exists(importZipKey(owner.businessId, id))).toBe(false);
    expect(await app.ctx.blobs.exists(importZipKey(owner.businessId, fresh))).toBe(true);
  });
});

describe("another business's ZIP", () => {
  it('cannot be used or seen: previewing with its id is not found, and no latest import shows a draft', async () => {
    const owner = await app.owner('zip-owner-shop');
    const other = await app.owner('zip-other-shop');
    const up = await uploadZip(owner, await zipOf({ 'a.png': await png('#0f0') }));
    const zipId = up.json().payload.zip._id as string;
    const file = csvOf([header, row({ productName: 'Theirs', category: 'A', description: 'B', images: 'a.png' })]);
    const res = await preview(other, file, zipId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(importTexts.notFound);
    for (const who of [other, owner]) {
      const latest = await app.inject({ method: 'GET', url: admin('fetchImport'), headers: { authorization: who.token } });
      expect(latest.json().payload.import).toBeNull();
    }
    const fetched = await app.inject({
      method: 'GET',
      url: admin('fetchImport'),
      headers: { authorization: other.token },
      query: { id: zipId },
    });
    expect(fetched.statusCode).toBe(404);
    expect(await app.ctx.db.select().from(productImports).where(eq(productImports.businessId, other.businessId))).toEqual([]);
  });

  it('the upload refuses without a session before reading the body', async () => {
    for (const authorization of [undefined, 'not-a-session']) {
      const res = await app.inject({
        method: 'PUT',
        url: admin('uploadImportZip'),
        headers: { 'content-type': 'application/zip', ...(authorization && { authorization }) },
        payload: Buffer.from('not a zip'),
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
