import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { products } from '../../db/schema/products.ts';
import { insertProducts } from '../catalogues/test-products.ts';

// The directory (/showcases) is served by the SPEC §7 calls: public/user/fetchAll (isPrimeUser,
// searchQuery), public/products/fetchAllUsers and public/catalogues/fetchAllUsers (isPromoted, searchQuery).
let app: TestApp;
const get = (url: string, query: Record<string, string> = {}) => app.inject({ method: 'GET', url, query });

beforeAll(async () => {
  app = await createTestApp();
  const prime = await app.owner('golden-looms');
  const plain = await app.owner('river-pottery');
  const blocked = await app.owner('hidden-looms');
  await app.ctx.db
    .update(businesses)
    .set({ isPrimeUser: true, description: 'Handwoven sarees' })
    .where(eq(businesses.id, prime.businessId));
  await app.ctx.db.update(businesses).set({ isBlocked: true, isPrimeUser: true }).where(eq(businesses.id, blocked.businessId));
  const [promoted] = await insertProducts(app, prime.businessId, [{ productName: 'Silk saree' }, { productName: 'Cotton saree' }]);
  await app.ctx.db.update(products).set({ isPromoted: true }).where(eq(products.id, promoted));
  await insertProducts(app, plain.businessId, [{ productName: 'Clay pot' }, { productName: 'Private pot', isPublic: false }]);
  await insertProducts(app, blocked.businessId, [{ productName: 'Hidden saree' }]);
});

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
    const saree = (await get('/api/public/products/fetchAllUsers', { searchQuery: 'saree' })).json().payload;
    expect(saree.products.map((p: { productName: string }) => p.productName).sort()).toEqual(['Cotton saree', 'Silk saree']);
    const all = (await get('/api/public/products/fetchAllUsers', { perPage: '12' })).json().payload;
    expect(all.count).toBe(3);
  });
});
