import { existsSync } from 'node:fs';
import path from 'node:path';
import { searchCountCap } from '@stashblog/contract/search-options';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateProductRows } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertProducts } from '../../../test/test-products.ts';
import { products } from '../../db/schema/products.ts';

// The directory's lists over more items than searchCountCap (decision 058): pages reach the first
// searchCountCap items in a stable order, the count stops there and says so, and the answers kept under
// the platform-wide version follow a write in any shop.
let app: TestApp;
let big: { businessId: string };
let small: { businessId: string; businessName: string };
const total = searchCountCap + 25;

beforeAll(async () => {
  app = await createTestApp();
  big = await app.owner('many-lamps');
  small = await app.owner('one-pot');
  await insertProducts(
    app,
    big.businessId,
    Array.from({ length: total }, (_, i) => ({ productName: `Lamp ${i}` })),
  );
  await app.ctx.db.execute(sql`insert into catalogues (business_id, id, catalogue_name, description, is_public, created_at)
    select ${big.businessId}::uuid, gen_random_uuid(), 'Set ' || g, 'Sets', true, now() - make_interval(secs => g)
    from generate_series(1, ${total}) g`);
}, 120_000);

type Page = { items: string[]; count: number; countCapped?: boolean };
async function page(kind: 'products' | 'catalogues', query: Record<string, string>): Promise<Page> {
  const res = await app.inject({ method: 'GET', url: `/api/public/${kind}/fetchAllUsers`, query });
  expect(res.statusCode, res.body).toBe(200);
  const payload = res.json().payload;
  const items = (payload[kind] as { productName?: string; catalogueName?: string }[]).map((i) => i.productName ?? i.catalogueName);
  return { items: items as string[], count: payload.count, countCapped: payload.countCapped };
}

describe('directory lists past the count cap', () => {
  it('page through the newest searchCountCap products once each, in order, then answer an empty page', async () => {
    const seen: string[] = [];
    for (let pageNo = 1; pageNo <= searchCountCap / 100; pageNo++) {
      const p = await page('products', { pageNo: String(pageNo), perPage: '100' });
      expect([p.count, p.countCapped]).toEqual([searchCountCap, true]);
      seen.push(...p.items);
    }
    // newest first: Lamp (total - 1) down to Lamp (total - searchCountCap), none twice, none skipped
    expect(seen).toEqual(Array.from({ length: searchCountCap }, (_, i) => `Lamp ${total - 1 - i}`));
    const past = await page('products', { pageNo: String(searchCountCap / 100 + 1), perPage: '100' });
    expect(past).toEqual({ items: [], count: searchCountCap, countCapped: true });
  });

  it('fill the last reachable page only up to the cap, A-Z as well', async () => {
    const lastPage = Math.ceil(searchCountCap / 12);
    const last = await page('products', { pageNo: String(lastPage), perPage: '12', sort: 'Alphabetically A-Z' });
    expect(last.items).toHaveLength(searchCountCap - (lastPage - 1) * 12);
    const first = await page('products', { pageNo: '1', perPage: '3', sort: 'Alphabetically A-Z' });
    expect(first.items).toEqual(['Lamp 0', 'Lamp 1', 'Lamp 10']);
  });

  it('count catalogues up to the cap, and count exactly below it', async () => {
    const catalogues = await page('catalogues', { perPage: '12' });
    expect([catalogues.count, catalogues.countCapped, catalogues.items[0]]).toEqual([searchCountCap, true, 'Set 1']);
    expect(await page('products', { isPromoted: 'true' })).toEqual({ items: [], count: 0, countCapped: false });
    const profiles = (await app.inject({ method: 'GET', url: '/api/public/user/fetchAll' })).json().payload;
    expect([profiles.count, profiles.countCapped]).toEqual([2, false]);
  });
});

describe('directory answers kept under the platform version', () => {
  const newest = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/public/products/fetchAllUsers', query: { perPage: '1' } });
    return { name: res.json().payload.products[0].productName as string, cache: res.headers['x-cache'] };
  };

  it('come from memory until a write in this node to any shop, then answer anew at once', async () => {
    await newest();
    expect((await newest()).cache).toBe('HIT');
    await insertProducts(app, small.businessId, [{ productName: 'Clay pot' }]);
    expect(await newest()).toEqual({ name: 'Clay pot', cache: undefined });
    expect(await newest()).toEqual({ name: 'Clay pot', cache: 'HIT' });
  });

  it('follow a write to any shop made by another node within a second', async () => {
    expect((await newest()).cache).toBe('HIT');
    // not through this app's pool (whose writes drop what this node keeps): as another node writes, with what every
    // product write does besides (the content version), so only this node's look at the versions can tell it
    const pool = new pg.Pool({ ...app.ctx.db.$client.options, max: 1 });
    await updateProductRows({ db: drizzle({ client: pool }) }, eq(products.businessId, small.businessId), {
      productName: 'Terracotta pot',
    });
    await pool.end();
    const deadline = Date.now() + 1000;
    let seen = await newest();
    while (seen.name !== 'Terracotta pot' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await newest();
    }
    expect(seen.name).toBe('Terracotta pot');
  });
});

describe.skipIf(!existsSync(path.join(import.meta.dirname, '../../../../web/build/server/index.js')))('/showcases', () => {
  it('is kept under the platform version: served again from memory until a write to any shop', async () => {
    const showcases = () => app.inject({ method: 'GET', url: '/showcases', headers: { host: app.ctx.config.appHosts[0] } });
    const first = await showcases();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).not.toContain('nonce=');
    const again = await showcases();
    expect([again.headers['x-cache'], again.body]).toEqual(['HIT', first.body]);
    await insertProducts(app, small.businessId, [{ productName: 'Brass bell' }]);
    const after = await showcases();
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.body).toContain('Brass bell');
    expect(first.body).not.toContain('Brass bell');
  });
});
