import { mediaUrl } from '@stashblog/contract/paths';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogue, addProduct, updateBusiness } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { setDomain } from '../../cli/set-domain.ts';
import { fetchPublicProfile } from './users.service.ts';

let app: TestApp;
let shop: { businessId: string; token: string };

beforeAll(async () => {
  app = await createTestApp();
  shop = await app.owner('profile-shop');
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
  for (let i = 0; i < 3; i++) await app.owner(`plain-${i}`);
});

const get = (url: string, host = 'localhost:5004') => app.inject({ method: 'GET', url, headers: { host } });

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

  it('gives one profile to server-rendered pages, 404 for blocked ones', async () => {
    expect(await fetchPublicProfile(app.ctx, { businessName: 'profile-shop' })).toMatchObject({
      businessName: 'profile-shop',
      totalCatalogues: 2,
    });
    await expect(fetchPublicProfile(app.ctx, { businessName: 'blocked-profile' })).rejects.toMatchObject({ status: 404 });
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

describe('checkDomain and checkDomainViaBusiness', () => {
  beforeAll(async () => {
    await app.owner('domain-profile');
    await setDomain(app.ctx, { businessName: 'domain-profile', domain: 'profile.test' });
  });

  it('names the business for a custom-domain Host, with or without port', async () => {
    const res = await get('/api/public/user/checkDomain', 'profile.test');
    expect(res.json()).toMatchObject({ code: 201, payload: { businessName: 'domain-profile' } });
    expect((await get('/api/public/user/checkDomain', 'Profile.Test:8443')).json().payload.businessName).toBe('domain-profile');
  });

  it('answers 404 on our own host and on unknown hosts', async () => {
    expect((await get('/api/public/user/checkDomain')).statusCode).toBe(404);
    const unknown = await get('/api/public/user/checkDomain', 'who.test');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(404);
  });

  it('gives the domain of a business, null without one, 404 for unknown or blocked', async () => {
    expect((await get('/api/public/user/checkDomainViaBusiness?businessName=domain-profile')).json().payload).toEqual({
      domain: 'profile.test',
    });
    expect((await get('/api/public/user/checkDomainViaBusiness?businessName=profile-shop')).json().payload).toEqual({ domain: null });
    expect((await get('/api/public/user/checkDomainViaBusiness?businessName=nobody')).statusCode).toBe(404);
    expect((await get('/api/public/user/checkDomainViaBusiness?businessName=blocked-profile')).statusCode).toBe(404);
  });
});

describe('updateTheme', () => {
  const put = (payload: unknown, token?: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/userAdmin/user/updateTheme',
      payload: payload as object,
      headers: token ? { authorization: token } : {},
    });

  it('stores a SPEC theme and template, seen by visitors and the owner', async () => {
    const res = await put({ template: 'template1', theme: 'theme7' }, shop.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 201, payload: { template: 'template1', theme: 'theme7' } });
    const profile = (await get('/api/public/user/fetchAll?businessName=profile-shop')).json().payload.userProfiles[0];
    expect(profile).toMatchObject({ template: 'template1', theme: 'theme7' });
    const me = (await app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization: shop.token } })).json();
    expect(me.payload.user).toMatchObject({ template: 'template1', theme: 'theme7' });
    expect((await put({ template: '', theme: '' }, shop.token)).statusCode).toBe(200);
  });

  it('refuses values outside the SPEC lists and callers without a session', async () => {
    expect((await put({ template: 'template2', theme: '' }, shop.token)).statusCode).toBe(400);
    expect((await put({ template: '', theme: 'theme12' }, shop.token)).statusCode).toBe(400);
    expect((await put({ template: '' }, shop.token)).statusCode).toBe(400);
    expect((await put({ template: '', theme: 'theme1' })).statusCode).toBe(401);
  });
});
