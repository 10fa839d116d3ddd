import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogue, updateBusiness } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// The directory's profiles (public/user/fetchAll); its product and catalogue lists are in directory.test.ts.
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
  const shop = await app.owner('profile-shop');
  await updateBusiness(app.ctx, shop.businessId, {
    address: '1 Market Road',
    phoneNo: '9876543210',
    description: 'We sell pots',
    instagramLink: 'https://instagram.com/pots',
    isPrimeUser: true,
  });
  await addCatalogue(app.ctx, shop.businessId);
  await addCatalogue(app.ctx, shop.businessId);
  await addCatalogue(app.ctx, shop.businessId, { isPublic: false });
  await addCatalogue(app.ctx, shop.businessId, { isBlocked: true });
  const blocked = await app.owner('blocked-profile');
  await updateBusiness(app.ctx, blocked.businessId, { isBlocked: true });
  const plain = [];
  for (let i = 0; i < 3; i++) plain.push(await app.owner(`plain-${i}`));
  await addCatalogue(app.ctx, plain[1].businessId);
  // plain-2's catalogues are public, but its "All catalogues" switch hides them from visitors.
  await addCatalogue(app.ctx, plain[2].businessId);
  await addCatalogue(app.ctx, plain[2].businessId);
  await updateBusiness(app.ctx, plain[2].businessId, { isAllCataloguesActive: false });
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost:5004' } });

describe('public user fetchAll', () => {
  it('returns a visible profile with urls and its public catalogue count', async () => {
    const res = await get('/api/public/user/fetchAll?businessName=profile-shop');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 201, error: null, payload: { count: 1 } });
    expect(body.payload.userProfiles[0]).toMatchObject({
      businessName: 'profile-shop',
      address: '1 Market Road',
      phoneNo: '9876543210',
      description: 'We sell pots',
      instagramLink: 'https://instagram.com/pots',
      domain: null,
      logo: null,
      template: '',
      theme: '',
      totalCatalogues: 2,
      banners: [],
      images: [],
    });
    expect(body.payload.userProfiles[0]).not.toHaveProperty('passwordHash');
  });

  it('leaves blocked businesses out and answers 404 for them by name', async () => {
    const all = (await get('/api/public/user/fetchAll?perPage=100')).json().payload;
    const names = all.userProfiles.map((p: { businessName: string }) => p.businessName);
    expect(names).not.toContain('blocked-profile');
    expect(all.count).toBe(4);
    expect((await get('/api/public/user/fetchAll?businessName=blocked-profile')).statusCode).toBe(404);
    expect((await get('/api/public/user/fetchAll?businessName=nobody')).statusCode).toBe(404);
  });

  it('pages newest first and filters prime users', async () => {
    const page1 = (await get('/api/public/user/fetchAll?perPage=3&pageNo=1')).json().payload;
    const page2 = (await get('/api/public/user/fetchAll?perPage=3&pageNo=2')).json().payload;
    expect(page1.userProfiles.map((p: { businessName: string }) => p.businessName)).toEqual(['plain-2', 'plain-1', 'plain-0']);
    expect(page2.userProfiles.map((p: { businessName: string }) => p.businessName)).toEqual(['profile-shop']);
    expect(page2.count).toBe(4);
    const prime = (await get('/api/public/user/fetchAll?isPrimeUser=true')).json().payload;
    expect(prime.userProfiles.map((p: { businessName: string }) => p.businessName)).toEqual(['profile-shop']);
    expect((await get('/api/public/user/fetchAll')).json().payload.userProfiles.length).toBeLessThanOrEqual(12);
    expect((await get('/api/public/user/fetchAll?pageNo=0')).statusCode).toBe(400);
  });

  it('counts each listed profile its own visible catalogues, none while its store hides them', async () => {
    const all = (await get('/api/public/user/fetchAll?perPage=100')).json().payload;
    const counts = Object.fromEntries(
      all.userProfiles.map((p: { businessName: string; totalCatalogues: number }) => [p.businessName, p.totalCatalogues]),
    );
    expect(counts).toEqual({ 'plain-2': 0, 'plain-1': 1, 'plain-0': 0, 'profile-shop': 2 });
  });
});
