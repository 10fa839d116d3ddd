import { mediaKeyFromUrl } from '@stashblog/contract/paths';
import type { ProductImport } from '@stashblog/contract/product-transfer';
import { importTexts, productFileColumns } from '@stashblog/contract/product-transfer-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { parse } from 'csv-parse/sync';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvOf, header, previewImport, row, runImport } from '../../../test/product-files.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { contentVersions } from '../../db/schema/content-versions.ts';
import { products } from '../../db/schema/products.ts';
import { runDueJobs } from '../../jobs/worker.ts';

// Bulk export and import of products (decision 059) through the HTTP API, jobs run by the test.

type Owner = { token: string; businessId: string; businessName: string };
let app: TestApp;
let shop: Owner;
beforeAll(async () => {
  app = await createTestApp();
  shop = await app.owner('import-shop');
});

const admin = (path: string) => `/api/userAdmin/products/${path}`;
const preview = (owner: Owner, file: Buffer, fileName?: string) => previewImport(app, owner, file, { fileName });

async function importFile(owner: Owner, file: Buffer, fileName?: string): Promise<ProductImport> {
  const res = await preview(owner, file, fileName);
  expect(res.statusCode, res.body).toBe(200);
  return runImport(app, owner, (res.json().payload.import as ProductImport)._id);
}

async function exportFile(owner: Owner, format: 'csv' | 'xlsx', query: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'GET',
    url: admin('exportProducts'),
    headers: { authorization: owner.token },
    query: { format, ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const stored = (businessId: string) =>
  app.ctx.db.select().from(products).where(eq(products.businessId, businessId)).orderBy(asc(products.createdAt), asc(products.id));
const version = async (businessId: string) =>
  (await app.ctx.db.select().from(contentVersions).where(eq(contentVersions.businessId, businessId)))[0]?.version ?? 0;

describe('import preview', () => {
  it("lists each bad row's problems in SPEC's words and writes no product", async () => {
    const owner = await app.owner('preview-shop');
    const file = csvOf([
      header,
      row({ productName: 'Good lamp', itemNo: 'L-1', category: 'Lamps', description: 'Fine' }),
      row({ itemNo: 'L-2', category: 'Lamps', description: 'No name' }),
      row({ productName: 'No category', description: 'x' }),
      row({ productName: 'No description', category: 'Lamps' }),
      row({ productName: 'Many images', category: 'Lamps', description: 'x', images: 'a.jpg\nb.jpg\nc.jpg\nd.jpg\ne.jpg\nf.jpg\ng.jpg' }),
      row({ productName: 'Cheap', category: 'Lamps', description: 'x', pricePerUnit: 'ten rupees', totalUnits: '5' }),
      row({ productName: 'Odd', category: 'Lamps', description: 'x', visibility: 'Hidden' }),
      row({ productName: 'Twin', itemNo: 'L-1', category: 'Lamps', description: 'x' }),
      row({ productName: 'Pictured', itemNo: 'L-9', category: 'Lamps', description: 'x', images: 'photo.jpg' }),
    ]);
    const before = await version(owner.businessId);
    const res = await preview(owner, file);
    expect(res.statusCode, res.body).toBe(200);
    const imp = res.json().payload.import as ProductImport;
    expect(imp).toMatchObject({ state: 'previewed', total: 9, valid: 1, done: 0 });
    expect(imp.problems).toEqual([
      { row: 3, messages: [specTexts.productNameRequired] },
      { row: 4, messages: [specTexts.productCategoryRequired] },
      { row: 5, messages: [specTexts.productDescriptionRequired] },
      { row: 6, messages: [specTexts.imagesMax(6)] },
      { row: 7, messages: [importTexts.notANumber(productFileColumns.pricePerUnit)] },
      { row: 8, messages: [importTexts.oneOf(productFileColumns.visibility, ['Public', 'Private'])] },
      { row: 9, messages: [importTexts.repeatedItemNo(2)] },
      { row: 10, messages: [importTexts.unknownImage('photo.jpg')] },
    ]);
    expect(await stored(owner.businessId)).toEqual([]);
    expect(await version(owner.businessId)).toBe(before);
  });

  it('refuses a file that is not CSV or XLSX, or has no Product Name column, without writing', async () => {
    const notXlsx = Buffer.concat([Buffer.from('PK'), Buffer.alloc(50, 7)]);
    const bad = await preview(shop, notXlsx, 'x.xlsx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(importTexts.unreadable);
    const noName = await preview(shop, csvOf([['Category'], ['Lamps']]));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toBe(importTexts.missingColumn('Product Name'));
  });
});

describe('import', () => {
  it('creates new products and updates the one with the same item number; the same file again changes nothing', async () => {
    const owner = await app.owner('match-shop');
    const created = await app.inject({
      method: 'POST',
      url: admin('create'),
      headers: { authorization: owner.token },
      payload: { productName: 'Old kettle', itemNo: 'K-1', category: 'Kitchen', description: 'Copper', pricePerUnit: 100 },
    });
    const existingId = created.json().payload.product._id;
    const file = csvOf([
      header,
      row({
        productName: 'Copper kettle',
        itemNo: 'K-1',
        category: 'Kitchen',
        description: 'Copper',
        pricePerUnit: '1,250.50',
        visibility: 'Public',
      }),
      row({
        productName: 'Brass pot',
        itemNo: 'P-7',
        category: 'Kitchen',
        description: 'Brass',
        tags: 'Brass\nPOT\nbrass',
        promoted: 'Yes',
      }),
      row({ productName: 'Plain bowl', category: 'Kitchen', description: 'Clay', specifications: '10 cm\n200 g' }),
    ]);
    const first = await importFile(owner, file);
    expect(first).toMatchObject({ state: 'done', total: 3, valid: 3, done: 3, created: 2, updated: 1, unchanged: 0, failed: 0 });
    const rows = await stored(owner.businessId);
    expect(rows.map((r) => [r.itemNo, r.productName])).toEqual([
      ['K-1', 'Copper kettle'],
      ['P-7', 'Brass pot'],
      ['', 'Plain bowl'],
    ]);
    expect(rows[0]).toMatchObject({ id: existingId, pricePerUnit: 1250.5, isPublic: true });
    expect(rows[1]).toMatchObject({ tags: ['brass', 'pot'], isPromoted: true, isPublic: false });
    expect(rows[2]?.specifications).toEqual(['10 cm', '200 g']);

    const versionBefore = await version(owner.businessId);
    const again = await importFile(owner, file);
    expect(again).toMatchObject({ state: 'done', created: 0, updated: 0, unchanged: 3 });
    expect(await stored(owner.businessId)).toEqual(rows);
    expect(await version(owner.businessId)).toBe(versionBefore);
  });

  it("keeps a matched product's fields the file has no column for, and clears only what a cell empties", async () => {
    const owner = await app.owner('columns-shop');
    const full = {
      productName: 'Teak stool',
      itemNo: 'S-1',
      category: 'Furniture',
      description: 'Solid teak',
      tags: ['teak', 'stool'],
      specifications: ['45 cm'],
      disclaimers: ['Hand finished'],
      link: 'https://example.com/stool',
      pricePerUnit: 900,
      totalUnits: 12,
    };
    const res = await app.inject({ method: 'POST', url: admin('create'), headers: { authorization: owner.token }, payload: full });
    expect(res.statusCode, res.body).toBe(201);
    // A price list: four columns, no Tags, Specifications, Disclaimers, Link, Total Units or Images.
    const prices = (price: string, units?: string) => {
      const c = productFileColumns;
      const cols = [c.productName, c.itemNo, c.category, c.description, c.pricePerUnit, ...(units === undefined ? [] : [c.totalUnits])];
      return csvOf([cols, ['Teak stool', 'S-1', 'Furniture', 'Solid teak', price, ...(units === undefined ? [] : [units])]]);
    };
    expect(await importFile(owner, prices('1,100'))).toMatchObject({ state: 'done', updated: 1, created: 0 });
    const [after] = await stored(owner.businessId);
    expect(after).toMatchObject({ ...full, pricePerUnit: 1100 });
    expect(await importFile(owner, prices('1100'))).toMatchObject({ state: 'done', updated: 0, unchanged: 1 });
    // A Total Units column with an empty cell says 'none': that is the owner's word, so it is cleared.
    expect(await importFile(owner, prices('1100', ''))).toMatchObject({ state: 'done', updated: 1 });
    expect((await stored(owner.businessId))[0]).toMatchObject({ ...full, pricePerUnit: 1100, totalUnits: null });
  });

  it('imports the rows it can and reports a row the products service refused', async () => {
    const owner = await app.owner('blocked-shop');
    await importFile(owner, csvOf([header, row({ productName: 'Vase', itemNo: 'V-1', category: 'Decor', description: 'Blue' })]));
    await app.ctx.db.update(products).set({ isBlocked: true }).where(eq(products.businessId, owner.businessId));
    const imp = await importFile(
      owner,
      csvOf([
        header,
        row({ productName: 'Vase', itemNo: 'V-1', category: 'Decor', description: 'Blue', promoted: 'Yes' }),
        row({ productName: 'Jar', itemNo: 'J-1', category: 'Decor', description: 'Green' }),
      ]),
    );
    expect(imp).toMatchObject({ state: 'done', done: 2, created: 1, failed: 1 });
    expect(imp.problems).toEqual([{ row: 2, messages: [specTexts.productBlocked] }]);
    expect((await stored(owner.businessId)).map((r) => [r.productName, r.isPromoted])).toEqual([
      ['Vase', false],
      ['Jar', false],
    ]);
  });

  it("deletes a dropped image's files only once its batch has committed: a batch rolled back keeps them", async () => {
    const owner = await app.owner('rollback-shop');
    const res = await app.inject({
      method: 'POST',
      url: admin('create'),
      headers: { authorization: owner.token },
      payload: { productName: 'Lamp', itemNo: 'L-9', category: 'Lamps', description: 'Brass', images: ['a.jpg', 'b.jpg'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const lamp = res.json().payload.product as { _id: string; images: string[] };
    const dropped = mediaKeyFromUrl(lamp.images[0] as string) as string;
    const file = `${dropped}/image.jpg`;
    await app.ctx.blobs.put(file, Buffer.from('the photo'));
    const previewed = await preview(
      owner,
      csvOf([header, row({ productName: 'Lamp', itemNo: 'L-9', category: 'Lamps', description: 'Brass', images: lamp.images[1] })]),
    );
    const { _id } = previewed.json().payload.import as ProductImport;
    await app.inject({ method: 'POST', url: admin('startImport'), headers: { authorization: owner.token }, payload: { id: _id } });
    // The batch fails at its last statement (moving the import's count), after the product was written.
    await app.ctx.db.execute(sql`create function fail_import_batch() returns trigger language plpgsql as
      $$ begin if new.done > old.done then raise exception 'batch lost'; end if; return new; end $$`);
    await app.ctx.db.execute(sql`create trigger fail_import_batch before update on product_imports
      for each row execute function fail_import_batch()`);
    try {
      await runDueJobs(app.ctx);
    } finally {
      await app.ctx.db.execute(sql`drop trigger fail_import_batch on product_imports`);
      await app.ctx.db.execute(sql`drop function fail_import_batch()`);
    }
    const [after] = await stored(owner.businessId);
    expect(after?.images).toHaveLength(2);
    expect(await app.ctx.blobs.get(file)).not.toBeNull();
  });

  it('writes a batch of many rows around one the products service refuses, and reports that one alone', async () => {
    // Decision 063: a batch is written with one statement per kind of write, so one refused row
    // must leave out only itself, in the middle of a batch and in the next one.
    const owner = await app.owner('batch-shop');
    const create = async (payload: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url: admin('create'), headers: { authorization: owner.token }, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().payload.product as { _id: string; images: string[] };
    };
    const vase = await create({ productName: 'Vase', itemNo: 'V-1', category: 'Decor', description: 'Blue' });
    const lamp = await create({ productName: 'Lamp', itemNo: 'L-1', category: 'Lamps', description: 'Brass', images: ['a.jpg', 'b.jpg'] });
    await app.ctx.db.update(products).set({ isBlocked: true }).where(eq(products.id, vase._id));
    const rowsInFile = 150;
    const lines = Array.from({ length: rowsInFile }, (_, i) => {
      const n = (v: string) => ({
        productName: `Bowl ${i}`,
        itemNo: `B-${i}`,
        category: 'Kitchen',
        description: `Bowl number ${i}`,
        pricePerUnit: v,
      });
      if (i === 40) return row({ productName: 'Vase', itemNo: 'V-1', category: 'Decor', description: 'Green now', promoted: 'Yes' });
      // The lamp drops its first image, changes its price and goes public, in the second batch.
      if (i === 120)
        return row({
          productName: 'Lamp',
          itemNo: 'L-1',
          category: 'Lamps',
          description: 'Brass',
          images: lamp.images[1],
          pricePerUnit: '80',
          visibility: 'Public',
        });
      return row({ ...n(String(10 + i)), visibility: i % 2 ? 'Public' : 'Private', promoted: i % 7 ? 'No' : 'Yes' });
    });
    const versionBefore = await version(owner.businessId);
    const imp = await importFile(owner, csvOf([header, ...lines]));
    expect(imp).toMatchObject({ state: 'done', done: rowsInFile, created: rowsInFile - 2, updated: 1, unchanged: 0, failed: 1 });
    // File row numbers count the header as row 1.
    expect(imp.problems).toEqual([{ row: 42, messages: [specTexts.productBlocked] }]);

    const rows = await stored(owner.businessId);
    expect(rows).toHaveLength(rowsInFile);
    const byItemNo = new Map(rows.map((r) => [r.itemNo, r]));
    // The refused row left nothing of itself: neither its description nor its promotion.
    expect(byItemNo.get('V-1')).toMatchObject({ description: 'Blue', isPromoted: false, isBlocked: true });
    const [kept] = (
      await app.inject({ method: 'GET', url: admin('fetch'), headers: { authorization: owner.token }, query: { id: lamp._id } })
    ).json().payload.product.images;
    expect(byItemNo.get('L-1')).toMatchObject({ pricePerUnit: 80, isPublic: true, description: 'Brass' });
    expect(kept).toBe(lamp.images[1]);
    expect(byItemNo.get('L-1')?.images).toHaveLength(1);
    for (let i = 0; i < rowsInFile; i++) {
      if (i === 40 || i === 120) continue;
      expect(byItemNo.get(`B-${i}`), `B-${i}`).toMatchObject({
        productName: `Bowl ${i}`,
        description: `Bowl number ${i}`,
        pricePerUnit: 10 + i,
        isPublic: i % 2 === 1,
        isPromoted: i % 7 === 0,
      });
    }
    // The storefront lists every public product the batches wrote (their JSON, written once per batch).
    // Its count counts the products joined to their stored JSON.
    const listed = await app.inject({ method: 'GET', url: '/api/public/products/fetchAll', query: { businessName: owner.businessName } });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().payload.count).toBe(rows.filter((r) => r.isPublic).length);
    expect(await version(owner.businessId)).toBeGreaterThan(versionBefore);
  });
});

describe('export', () => {
  async function seedVaried(owner: Owner) {
    const images = [uuidv7(), uuidv7()];
    await app.ctx.db.insert(products).values([
      {
        businessId: owner.businessId,
        id: uuidv7(),
        productName: '=HYPERLINK("http://evil.example","click")',
        itemNo: '+91-A',
        description: 'Line one\nLine two, with "quotes"',
        category: 'Décor',
        tags: ['hand made', 'दीया'],
        images,
        specifications: ['-5 °C safe', '@home'],
        disclaimers: ['Colours vary'],
        pricePerUnit: 199.99,
        totalUnits: 12,
        link: 'https://example.com/a',
        isPublic: true,
        isPromoted: true,
      },
      { businessId: owner.businessId, id: uuidv7(), productName: 'Bare', description: 'Only the needed', category: 'Misc' },
      {
        businessId: owner.businessId,
        id: uuidv7(),
        productName: 'Numbered',
        itemNo: '0042',
        description: 'x',
        category: 'Misc',
        pricePerUnit: 0,
      },
    ]);
  }

  it('neutralises a formula-like cell (CSV and XLSX)', async () => {
    const owner = await app.owner('formula-shop');
    await seedVaried(owner);
    const csv = await exportFile(owner, 'csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    const rows = parse(csv.rawPayload, { bom: true }) as string[][];
    expect(rows[0]).toEqual(header);
    const evil = rows.find((r) => r[0]?.includes('HYPERLINK')) as string[];
    expect(evil[0]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(evil[1]).toBe(`'+91-A`);
    expect(evil[7]).toBe(`'-5 °C safe\n@home`);

    const xlsx = await exportFile(owner, 'xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((r) => r.eachCell((c) => cells.push(c)));
    expect(cells.some((c) => c.type === ExcelJS.ValueType.Formula)).toBe(false);
    expect(cells.map((c) => c.value)).toContain(`'=HYPERLINK("http://evil.example","click")`);
  });

  it.each(['csv', 'xlsx'] as const)('→ import round trip (%s) leaves every product unchanged', async (format) => {
    const owner = await app.owner(`round-${format}`);
    await seedVaried(owner);
    const before = await stored(owner.businessId);
    const versionBefore = await version(owner.businessId);
    const file = await exportFile(owner, format);
    const imp = await importFile(owner, file.rawPayload, `products.${format}`);
    expect(imp).toMatchObject({ state: 'done', total: 3, valid: 3, unchanged: 3, created: 0, updated: 0, problems: [] });
    expect(await stored(owner.businessId)).toEqual(before);
    expect(await version(owner.businessId)).toBe(versionBefore);
  });

  it("exports the admin list's filter only, and only the owner's own products", async () => {
    const owner = await app.owner('filter-shop');
    await seedVaried(owner);
    const promoted = parse((await exportFile(owner, 'csv', { isPromoted: 'true' })).rawPayload, { bom: true }) as string[][];
    expect(promoted.length).toBe(2);
    const other = parse((await exportFile(shop, 'csv')).rawPayload, { bom: true }) as string[][];
    expect(other).toEqual([header]);
  });
});

describe("another business's import", () => {
  it('is not found, and its id starts nothing', async () => {
    const owner = await app.owner('foreign-import-shop');
    const res = await preview(owner, csvOf([header, row({ productName: 'Mine', category: 'A', description: 'B' })]));
    const { _id } = res.json().payload.import as ProductImport;
    const start = await app.inject({
      method: 'POST',
      url: admin('startImport'),
      headers: { authorization: shop.token },
      payload: { id: _id },
    });
    expect(start.statusCode).toBe(404);
    const fetched = await app.inject({
      method: 'GET',
      url: admin('fetchImport'),
      headers: { authorization: shop.token },
      query: { id: _id },
    });
    expect(fetched.statusCode).toBe(404);
    const latest = await app.inject({ method: 'GET', url: admin('fetchImport'), headers: { authorization: shop.token } });
    expect(latest.json().payload.import).toBeNull();
  });

  it('every import route refuses without a session before reading the body', async () => {
    for (const [method, path] of [
      ['GET', 'exportProducts'],
      ['POST', 'previewImport'],
      ['POST', 'startImport'],
      ['GET', 'fetchImport'],
    ] as const) {
      const res = await app.inject({ method, url: admin(path), payload: method === 'POST' ? '{not json' : undefined });
      expect(res.statusCode, path).toBe(401);
    }
  });
});
