import type { ProductImport } from '@stashblog/contract/product-transfer';
import { productFileColumns } from '@stashblog/contract/product-transfer-texts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImports } from '../src/db/schema/product-imports.ts';
import { products } from '../src/db/schema/products.ts';
import { appNodes, stopNode } from './app-nodes.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// A bulk import (decision 059) whose node is killed with SIGKILL mid-job: only whole products are
// written (each batch with the import's progress in one transaction), and once the import has not
// moved for a minute, the owner's page hands it to a new job that finishes it without repeating a row.
let app: TestApp;
let nodes: ReturnType<typeof appNodes>;
let owner: { token: string; businessId: string };
// 40 batches of importLimits.batchRows: the kill lands while most are left (7 had been written by then on a fast
// machine, which with 6 finished the file between the poll that saw the first batch and the kill).
const rowsInFile = 4000;

/** Row i of the file: every field set, so a half-written product would show. */
const fileRow = (i: number) => ({
  productName: `Crash lamp ${i}`,
  itemNo: `C-${i}`,
  category: i % 2 ? 'Lamps' : 'Vases',
  tags: ['brass', `t${i % 7}`],
  pricePerUnit: 100 + i,
  totalUnits: i % 50,
  description: `Lamp number ${i}`,
  specifications: ['10 cm', `${i} g`],
  disclaimers: ['Colours vary'],
  link: `https://example.com/${i}`,
  isPublic: i % 3 === 0,
  isPromoted: i % 5 === 0,
});

function csv(): string {
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const lines = [Object.values(productFileColumns).map(q).join(',')];
  for (let i = 0; i < rowsInFile; i++) {
    const r = fileRow(i);
    lines.push(
      [
        r.productName,
        r.itemNo,
        r.category,
        r.tags.join('\n'),
        String(r.pricePerUnit),
        String(r.totalUnits),
        r.description,
        r.specifications.join('\n'),
        r.disclaimers.join('\n'),
        r.link,
        r.isPublic ? 'Public' : 'Private',
        r.isPromoted ? 'Yes' : 'No',
        '',
      ]
        .map(q)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Every stored product equals its file row, field for field; returns how many there are. */
async function everyProductWhole(): Promise<number> {
  const rows = await app.ctx.db.select().from(products).where(eq(products.businessId, owner.businessId)).orderBy(asc(products.itemNo));
  const seen = new Set<string>();
  for (const p of rows) {
    const i = Number(p.itemNo.slice(2));
    expect(seen.has(p.itemNo), `${p.itemNo} written twice`).toBe(false);
    seen.add(p.itemNo);
    const r = fileRow(i);
    expect({ ...p, tags: p.tags }).toMatchObject({
      productName: r.productName,
      category: r.category,
      tags: r.tags,
      pricePerUnit: r.pricePerUnit,
      totalUnits: r.totalUnits,
      description: r.description,
      specifications: r.specifications,
      disclaimers: r.disclaimers,
      link: r.link,
      isPublic: r.isPublic,
      isPromoted: r.isPromoted,
    });
  }
  return rows.length;
}

const progress = async (id: string) =>
  (await app.ctx.db.select().from(productImports).where(eq(productImports.id, id)))[0] as typeof productImports.$inferSelect;

beforeAll(async () => {
  app = await createTestApp();
  nodes = appNodes(app.ctx.db.$client.options.connectionString as string);
  owner = await app.owner('crash-import');
}, 60_000);

afterAll(async () => {
  await nodes.stopAll('SIGKILL');
}, 30_000);

describe('a node killed with SIGKILL in the middle of an import', () => {
  it('leaves whole products only; a new job finishes the import without repeating a row', async () => {
    const previewed = await app.inject({
      method: 'POST',
      url: '/api/userAdmin/products/previewImport',
      headers: { authorization: owner.token },
      payload: { fileName: 'lamps.csv', content: Buffer.from(csv()).toString('base64') },
    });
    expect(previewed.statusCode, previewed.body).toBe(200);
    const { _id: id, valid } = previewed.json().payload.import as ProductImport;
    expect(valid).toBe(rowsInFile);
    const started = await app.inject({
      method: 'POST',
      url: '/api/userAdmin/products/startImport',
      headers: { authorization: owner.token },
      payload: { id },
    });
    expect(started.statusCode, started.body).toBe(200);

    const first = await nodes.start({ env: { JOBS_WORKER: '1' } });
    await expect.poll(async () => (await progress(id)).done, { timeout: 120_000, interval: 20 }).toBeGreaterThan(0);
    await stopNode(first.child, 'SIGKILL');
    const cut = await progress(id);
    expect(cut.state).toBe('running');
    expect(cut.done).toBeLessThan(rowsInFile);
    // Every product the killed node wrote is whole, and each is counted in `done`: no batch half in.
    expect(await everyProductWhole()).toBe(cut.done);

    // As if a minute had passed without progress: the page's poll hands the import to a new job.
    await app.ctx.db.execute(sql`update product_imports set updated_at = now() - interval '2 minutes' where id = ${id}`);
    const second = await nodes.start({ env: { JOBS_WORKER: '1' } });
    const poll = async () => {
      const res = await fetch(`${second.base}/api/userAdmin/products/fetchImport?id=${id}`, { headers: { authorization: owner.token } });
      return ((await res.json()) as { payload: { import: ProductImport } }).payload.import;
    };
    await expect.poll(async () => (await poll()).state, { timeout: 400_000, interval: 500 }).toBe('done');
    const finished = await progress(id);
    expect(finished).toMatchObject({ done: rowsInFile, created: rowsInFile, updated: 0, failed: 0 });
    expect(await everyProductWhole()).toBe(rowsInFile);
  }, 800_000);
});
