import { mediaUrl } from '@stashblog/contract/paths';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addCatalogue, addProduct, updateBusiness } from './storefront.fixtures.ts';
import { fetchPublicProfile } from './storefront.service.ts';

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
});

const get = (url: string, host = 'localhost:5004') => app.inject({ method: 'GET', url, headers: { host } });

describe('the storefront profile', () => {
  it('gives one profile to server-rendered pages, 404 for blocked ones', async () => {
    expect(await fetchPublicProfile(app.ctx, { businessName: 'profile-shop' })).toMatchObject({
      businessName: 'profile-shop',
      totalCatalogues: 2,
    });
    await expect(fetchPublicProfile(app.ctx, { businessName: 'blocked-profile' })).rejects.toMatchObject({ status: 404 });
  });
});

describe('public user about, categories and home', () => {
  it('returns the about-us images and description', async () => {
    const images = [uuidv7(), uuidv7()];
    const b = await app.owner('about-shop');
    await updateBusiness(app.ctx, b.businessId, { images, description: 'Since 1990' });
    const res = await get('/api/public/user/fetchAboutUs?businessName=about-shop');
    expect(res.json()).toMatchObject({ code: 201, payload: { aboutUs: { images: images.map(mediaUrl), description: 'Since 1990' } } });
    expect((await get('/api/public/user/fetchAboutUs?businessName=blocked-profile')).statusCode).toBe(404);
    expect((await get('/api/public/user/fetchAboutUs')).statusCode).toBe(400);
  });

  it('lists categories of visible products, each pictured by its newest product', async () => {
    const b = await app.owner('category-shop');
    const t = (m: number) => new Date(Date.UTC(2024, 0, 1, 0, m));
    await addProduct(app.ctx, b.businessId, { category: 'Pottery', createdAt: t(1) });
    const newestPot = await addProduct(app.ctx, b.businessId, { category: 'Pottery', createdAt: t(2) });
    await addProduct(app.ctx, b.businessId, { category: 'Pottery', images: 0, createdAt: t(3) });
    const quilt = await addProduct(app.ctx, b.businessId, { category: 'Textiles', createdAt: t(4) });
    await addProduct(app.ctx, b.businessId, { category: 'Hidden', isPublic: false, createdAt: t(5) });
    await addProduct(app.ctx, b.businessId, { category: 'Banned', isBlocked: true, createdAt: t(6) });
    const res = (await get('/api/public/user/fetchCategories?businessName=category-shop')).json();
    expect(res.payload.categories).toEqual([
      { category: 'Textiles', image: mediaUrl(quilt.images[0]) },
      { category: 'Pottery', image: mediaUrl(newestPot.images[0]) },
    ]);
    const second = (await get('/api/public/user/fetchCategories?businessName=category-shop&perPage=1&pageNo=2')).json();
    expect(second.payload.categories).toEqual([{ category: 'Pottery', image: mediaUrl(newestPot.images[0]) }]);
    expect((await get('/api/public/user/fetchCategories?businessName=blocked-profile')).statusCode).toBe(404);
  });

  it('returns 20 categories per fetch by default', async () => {
    const b = await app.owner('many-categories');
    for (let i = 0; i < 22; i++) await addProduct(app.ctx, b.businessId, { category: `C${i}` });
    const res = (await get('/api/public/user/fetchCategories?businessName=many-categories')).json();
    expect(res.payload.categories).toHaveLength(20);
  });

  it('returns the banners, or up to three images of the newest visible products', async () => {
    const b = await app.owner('home-shop');
    const first = await addProduct(app.ctx, b.businessId, { createdAt: new Date(Date.UTC(2024, 0, 1)) });
    const p2 = await addProduct(app.ctx, b.businessId, { createdAt: new Date(Date.UTC(2024, 0, 2)) });
    const p3 = await addProduct(app.ctx, b.businessId, { createdAt: new Date(Date.UTC(2024, 0, 3)) });
    await addProduct(app.ctx, b.businessId, { isPublic: false, createdAt: new Date(Date.UTC(2024, 0, 4)) });
    const p4 = await addProduct(app.ctx, b.businessId, { createdAt: new Date(Date.UTC(2024, 0, 5)) });
    const fallback = (await get('/api/public/user/fetchHome?businessName=home-shop')).json();
    expect(fallback.payload.home.banners).toEqual([p4, p3, p2].map((p) => mediaUrl(p.images[0])));
    expect(fallback.payload.home.banners).not.toContain(mediaUrl(first.images[0]));
    const banners = [uuidv7()];
    await updateBusiness(app.ctx, b.businessId, { banners });
    const own = (await get('/api/public/user/fetchHome?businessName=home-shop')).json();
    expect(own).toMatchObject({ code: 201, payload: { home: { banners: banners.map(mediaUrl) } } });
    expect((await get('/api/public/user/fetchHome?businessName=nobody')).statusCode).toBe(404);
  });
});

describe('owner categories', () => {
  it('lists every category of the owner, private products included, and nothing of others', async () => {
    const a = await app.owner('categories-a');
    const b = await app.owner('categories-b');
    await addProduct(app.ctx, a.businessId, { category: 'Vases', isPublic: false });
    await addProduct(app.ctx, a.businessId, { category: 'Bowls' });
    await addProduct(app.ctx, b.businessId, { category: 'Lamps' });
    const names = async (token: string) =>
      (await app.inject({ method: 'GET', url: '/api/userAdmin/user/fetchCategories', headers: { authorization: token } }))
        .json()
        .payload.categories.map((c: { category: string }) => c.category);
    expect((await names(a.token)).sort()).toEqual(['Bowls', 'Vases']);
    expect(await names(b.token)).toEqual(['Lamps']);
  });
});
