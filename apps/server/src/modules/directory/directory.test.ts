import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateBusiness, updateProductRows } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertProducts } from '../../../test/test-products.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';
import { cataloguesWritten } from '../../db/tenant-writes.ts';

// The directory (/showcases) is served by the SPEC §7 calls: public/user/fetchAll (isPrimeUser,
// searchQuery), public/products/fetchAllUsers and public/catalogues/fetchAllUsers (isPromoted, searchQuery).
let app: TestApp;
const get = (url: string, query: Record<string, string> = {}) => app.inject({ method: 'GET', url, query });

beforeAll(async () => {
  app = await createTestApp();
  const prime = await app.owner('golden-looms');
  const plain = await app.owner('river-pottery');
  const blocked = await app.owner('hidden-looms');
  await updateBusiness(app.ctx, prime.businessId, { isPrimeUser: true, description: 'Handwoven sarees' });
  await updateBusiness(app.ctx, blocked.businessId, { isBlocked: true, isPrimeUser: true });
  const [promoted] = await insertProducts(app, prime.businessId, [{ productName: 'Silk saree' }, { productName: 'Cotton saree' }]);
  await updateProductRows(app.ctx, eq(products.id, promoted), { isPromoted: true });
  await insertProducts(app, plain.businessId, [{ productName: 'Clay pot' }, { productName: 'Private pot', isPublic: false }]);
  await insertProducts(app, blocked.businessId, [{ productName: 'Hidden saree' }]);
  // Newest of all, 'saree' only in its tags: the name matches still rank above it.
  await insertProducts(app, plain.businessId, [{ productName: 'Silk scarf', tags: ['saree'] }]);
  await insertCatalogue(prime.businessId, 'Wedding sarees');
  await insertCatalogue(prime.businessId, 'Secret sarees', { isPublic: false });
  await insertCatalogue(blocked.businessId, 'Hidden sarees');
});

async function insertCatalogue(businessId: string, catalogueName: string, flags: { isPublic?: boolean } = {}) {
  const id = uuidv7();
  await app.ctx.db
    .insert(catalogues)
    .values({ businessId, id, catalogueName, description: 'Chosen by hand', isPublic: flags.isPublic ?? true });
  await cataloguesWritten(app.ctx.db, { businessId, ids: [id] });
}

describe('directory calls', () => {
  it('lists prime profiles for Promoted Profiles, never a blocked one', async () => {
    const res = await get('/api/public/user/fetchAll', { isPrimeUser: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.userProfiles.map((u: { businessName: string }) => u.businessName)).toEqual(['golden-looms']);
  });

  it('searches profiles by name with spaces for hyphens, owner name or description', async () => {
    const names = async (searchQuery: string) =>
      (await get('/api/public/user/fetchAll', { searchQuery }))
        .json()
        .payload.userProfiles.map((u: { businessName: string }) => u.businessName);
    expect(await names('river pot')).toEqual(['river-pottery']);
    expect(await names('sarees')).toEqual(['golden-looms']);
    expect(await names('looms')).toEqual(['golden-looms']);
    expect(await names('%')).toEqual([]);
    const page = (await get('/api/public/user/fetchAll', { perPage: '1', pageNo: '2' })).json().payload;
    expect(page.userProfiles).toHaveLength(1);
    expect(page.count).toBe(2);
  });

  it('lists promoted and all public products across businesses, searchable', async () => {
    const promoted = (await get('/api/public/products/fetchAllUsers', { isPromoted: 'true', perPage: '6' })).json().payload;
    expect(promoted.products.map((p: { productName: string }) => p.productName)).toEqual(['Silk saree']);
    const all = (await get('/api/public/products/fetchAllUsers', { perPage: '12' })).json().payload;
    expect(all.count).toBe(4);
  });
});

describe('directory searches run the search engine', () => {
  const productNames = async (query: Record<string, string>) => {
    const res = await get('/api/public/products/fetchAllUsers', query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload.products.map((p: { productName: string }) => p.productName);
  };
  const catalogueNames = async (query: Record<string, string>) => {
    const res = await get('/api/public/catalogues/fetchAllUsers', query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload.catalogues.map((c: { catalogueName: string }) => c.catalogueName);
  };

  it('ranks name matches (newest first) above a tag match, and counts', async () => {
    expect(await productNames({ searchQuery: 'saree' })).toEqual(['Cotton saree', 'Silk saree', 'Silk scarf']);
    const payload = (await get('/api/public/products/fetchAllUsers', { searchQuery: 'saree' })).json().payload;
    expect([payload.count, payload.countCapped]).toEqual([3, false]);
    // A chosen sort still applies to a search.
    expect(await productNames({ searchQuery: 'saree', sort: 'Alphabetically A-Z' })).toEqual(['Cotton saree', 'Silk saree', 'Silk scarf']);
    expect(await productNames({ searchQuery: 'saree', sort: 'Date, new to old' })).toEqual(['Silk scarf', 'Cotton saree', 'Silk saree']);
  });

  it('finds a one-letter typo and a prefix', async () => {
    expect(await productNames({ searchQuery: 'cotten' })).toEqual(['Cotton saree']);
    // Two neighbours swapped near the start: too few letter triples in common for a similarity search (decision 069).
    expect(await productNames({ searchQuery: 'ctoton' })).toEqual(['Cotton saree']);
    expect(await productNames({ searchQuery: 'slik' })).toEqual(['Silk scarf', 'Silk saree']);
    expect(await productNames({ searchQuery: 'sar' })).toEqual(['Cotton saree', 'Silk saree', 'Silk scarf']);
    expect(await catalogueNames({ searchQuery: 'saree' })).toEqual(['Wedding sarees']);
    expect(await catalogueNames({ searchQuery: 'wedd' })).toEqual(['Wedding sarees']);
    expect(await catalogueNames({ searchQuery: 'weding' })).toEqual(['Wedding sarees']);
  });

  it('never shows private, blocked or blocked-business items', async () => {
    expect(await productNames({ searchQuery: 'pot' })).toEqual(['Clay pot']);
    expect(await productNames({ searchQuery: 'hidden' })).toEqual([]);
    expect(await catalogueNames({ searchQuery: 'secret' })).toEqual([]);
    expect(await catalogueNames({ searchQuery: 'hidden' })).toEqual([]);
  });

  it('keeps the Promoted sections to promoted items', async () => {
    expect(await productNames({ searchQuery: 'saree', isPromoted: 'true' })).toEqual(['Silk saree']);
    expect(await catalogueNames({ searchQuery: 'saree', isPromoted: 'true' })).toEqual([]);
  });
});
