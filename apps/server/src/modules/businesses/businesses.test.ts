import { encodePassword } from '@stashblog/contract/auth';
import { displayNameTexts } from '@stashblog/contract/business';
import { linkInvalid } from '@stashblog/contract/links';
import { mediaKeyFromUrl } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import { profileTexts } from '@stashblog/contract/users';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateBusiness } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
let a: { token: string; businessId: string; businessName: string; email: string };
let b: { token: string; businessId: string; businessName: string; email: string };

beforeAll(async () => {
  app = await createTestApp();
  a = await app.owner('details-a');
  b = await app.owner('details-b');
});

const call = (token: string, method: 'GET' | 'PUT', path: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/userAdmin/user/${path}`,
    headers: { authorization: token },
    ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload: payload ?? {} }),
  });

// A's own sign-in email: a different one is an email change (account.test.ts).
const valid = { email: 'details-a@example.test', address: '1 Market Road, Pune', phoneNo: '9876543210' };

async function jpeg(width = 64, height = 36) {
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
}

async function upload(url: string) {
  const res = await app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/jpeg' }, payload: await jpeg() });
  expect(res.statusCode).toBe(200);
  expect(res.json().code).toBe(201);
}

const validB = { email: 'details-b@example.test', address: '2 Market Road, Pune', phoneNo: '9876543210' };

describe('owner profile: fetchDetails', () => {
  it('needs a signed-in owner', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/userAdmin/user/fetchDetails' })).statusCode).toBe(401);
  });

  it('returns the profile with the owner-only flags', async () => {
    const res = await call(a.token, 'GET', 'fetchDetails');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 201,
      payload: {
        userData: {
          businessName: 'details-a',
          // a business created without one: its name capitalised word by word (decision 047)
          displayName: 'Details A',
          email: a.email,
          logo: null,
          banners: [],
          images: [],
          isBlocked: false,
          isAllProductsActive: true,
          isAllCataloguesActive: true,
        },
      },
    });
    expect(res.json().payload.userData).not.toHaveProperty('passwordHash');
  });
});

describe('owner profile: updateDetails validation', () => {
  it('checks in the SPEC order: email, address, contact required, contact length', async () => {
    const steps: [object, string][] = [
      [{}, specTexts.profileEmailRequired],
      [{ email: 'x@example.test' }, specTexts.profileAddressRequired],
      [{ email: 'x@example.test', address: '  ' }, specTexts.profileAddressRequired],
      [{ email: 'x@example.test', address: 'Road' }, specTexts.profileContactRequired],
      [{ email: 'x@example.test', address: 'Road', phoneNo: '98765' }, specTexts.profileContactInvalid],
      [{ email: 'x@example.test', address: 'Road', phoneNo: '98765432101' }, specTexts.profileContactInvalid],
      [{ email: 'x@example.test', address: 'Road', phoneNo: '98765abcde' }, specTexts.profileContactInvalid],
      [{ email: '', address: '', phoneNo: '1' }, specTexts.profileEmailRequired],
    ];
    for (const [body, error] of steps) {
      const res = await call(a.token, 'PUT', 'updateDetails', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });

  it('takes only http(s) links and refuses more than 6 banners or about images', async () => {
    for (const link of ['javascript:alert(1)', 'ftp://x.test/a', 'instagram.com/pots', 'https://']) {
      const res = await call(a.token, 'PUT', 'updateDetails', { ...valid, instagramLink: link });
      expect(res.json().error, link).toBe(linkInvalid('Instagram'));
    }
    const seven = Array.from({ length: 7 }, (_, i) => `b${i}.jpg`);
    expect((await call(a.token, 'PUT', 'updateDetails', { ...valid, banners: seven })).json().error).toBe(specTexts.imagesMax(6));
    expect((await call(a.token, 'PUT', 'updateDetails', { ...valid, images: seven })).json().error).toBe(specTexts.imagesMax(6));
    // nothing was written
    expect((await call(a.token, 'GET', 'fetchDetails')).json().payload.userData.address).toBe('');
  });

  it('refuses an email that another business signs in with', async () => {
    const res = await call(a.token, 'PUT', 'updateDetails', {
      ...valid,
      email: b.email.toUpperCase(),
      password: encodePassword('correct-horse-1'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(profileTexts.emailTaken);
  });
});

describe('owner profile: updateDetails with images', () => {
  it('saves the fields and hands out upload urls for a new logo, banners and about-us images', async () => {
    const res = await call(a.token, 'PUT', 'updateDetails', {
      ...valid,
      description: 'Hand-made pots',
      facebookLink: 'https://facebook.com/pots',
      websiteLink: 'http://pots.example',
      logo: 'logo.jpg',
      banners: ['banner-1.jpg', 'banner-2.jpg'],
      images: ['about-1.jpg'],
    });
    expect(res.statusCode).toBe(200);
    const p = res.json().payload;
    expect(res.json().message).toBe(profileTexts.detailsUpdated);
    expect(p.logoPreSignedUrl.image).toBe('logo.jpg');
    expect(p.newHomeBannersPreSignedUrls.map((u: { image: string }) => u.image)).toEqual(['banner-1.jpg', 'banner-2.jpg']);
    expect(p.newAboutUsImagesPreSignedUrls.map((u: { image: string }) => u.image)).toEqual(['about-1.jpg']);
    expect(p.userData).toMatchObject({
      email: a.email,
      address: valid.address,
      phoneNo: valid.phoneNo,
      description: 'Hand-made pots',
      facebookLink: 'https://facebook.com/pots',
      websiteLink: 'http://pots.example',
    });
    for (const u of [p.logoPreSignedUrl, ...p.newHomeBannersPreSignedUrls, ...p.newAboutUsImagesPreSignedUrls]) await upload(u.url);

    const home = (await app.inject({ method: 'GET', url: '/api/public/user/fetchHome?businessName=details-a' })).json();
    expect(home.payload.home.banners).toEqual(p.userData.banners);
    for (const url of [p.userData.logo, ...p.userData.banners, ...p.userData.images]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    const about = (await app.inject({ method: 'GET', url: '/api/public/user/fetchAboutUs?businessName=details-a' })).json();
    expect(about.payload.aboutUs).toEqual({ images: p.userData.images, description: 'Hand-made pots' });
  });

  it('keeps, reorders, replaces and removes images; removed files are deleted', async () => {
    const before = (await call(a.token, 'GET', 'fetchDetails')).json().payload.userData;
    const [first, second] = before.banners as string[];
    const res = await call(a.token, 'PUT', 'updateDetails', {
      ...valid,
      logo: before.logo,
      banners: [second, 'banner-3.jpg'],
      images: [],
    });
    const p = res.json().payload;
    expect(p.logoPreSignedUrl).toBeNull();
    expect(p.userData.logo).toBe(before.logo);
    expect(p.userData.banners[0]).toBe(second);
    expect(p.newHomeBannersPreSignedUrls).toHaveLength(1);
    expect(p.userData.images).toEqual([]);
    expect((await app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: before.images[0] })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    const noLogo = (await call(a.token, 'PUT', 'updateDetails', { ...valid, logo: '', banners: p.userData.banners })).json().payload;
    expect(noLogo.userData.logo).toBeNull();
    expect((await app.inject({ method: 'GET', url: before.logo })).statusCode).toBe(404);
  });

  it("never attaches another business's images: a foreign url is a new file name", async () => {
    const aBanners = (await call(a.token, 'GET', 'fetchDetails')).json().payload.userData.banners as string[];
    const res = await call(b.token, 'PUT', 'updateDetails', { ...valid, email: b.email, banners: [aBanners[0]] });
    expect(res.statusCode).toBe(200);
    const p = res.json().payload;
    expect(p.newHomeBannersPreSignedUrls).toHaveLength(1);
    expect(mediaKeyFromUrl(p.userData.banners[0])).not.toBe(mediaKeyFromUrl(aBanners[0]));
    // A's profile and its files are untouched
    const aNow = (await call(a.token, 'GET', 'fetchDetails')).json().payload.userData;
    expect(aNow.banners).toEqual(aBanners);
    expect(aNow.email).toBe(a.email);
    expect((await app.inject({ method: 'GET', url: aBanners[0] })).statusCode).toBe(200);
  });

  it('refuses a blocked owner with the SPEC text and changes nothing', async () => {
    const blocked = await app.owner('details-blocked');
    await updateBusiness(app.ctx, blocked.businessId, { isBlocked: true });
    const res = await call(blocked.token, 'PUT', 'updateDetails', { ...valid, email: blocked.email });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(specTexts.userBlocked);
    const details = (await call(blocked.token, 'GET', 'fetchDetails')).json().payload.userData;
    expect(details).toMatchObject({ isBlocked: true, address: '' });
  });

  it('survives hostile input without a 5xx', async () => {
    const valid = { ...validB };
    for (const body of [
      { ...valid, banners: 'x' },
      { ...valid, phoneNo: 9876543210 },
      { ...valid, description: 'a\u0000b' },
      { ...valid, logo: '/media/not-a-key/image.jpg' },
      { ...valid, images: ['https://evil.test/media/0192e7a4-0000-7000-8000-000000000000/image.jpg'] },
    ]) {
      const res = await call(b.token, 'PUT', 'updateDetails', body);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});

describe('owner profile: updateDetails changes only what the call carries', () => {
  const optionalText = [
    'description',
    'facebookLink',
    'instagramLink',
    'youtubeChannelLink',
    'pinterestLink',
    'linkedInLink',
    'websiteLink',
  ] as const;
  let keeper: { token: string; email: string };
  let full: Record<string, unknown>;
  const saved = async () => (await call(keeper.token, 'GET', 'fetchDetails')).json().payload.userData;

  beforeAll(async () => {
    keeper = await app.owner('details-keeper');
    const required = { email: keeper.email, address: '3 Lake Road, Pune', phoneNo: '9876543210' };
    const res = await call(keeper.token, 'PUT', 'updateDetails', {
      ...required,
      logo: 'logo.jpg',
      banners: ['banner-1.jpg', 'banner-2.jpg'],
      images: ['about-1.jpg'],
      description: 'Kept story',
      facebookLink: 'https://facebook.com/keeper',
      instagramLink: 'https://instagram.com/keeper',
      youtubeChannelLink: 'https://youtube.com/keeper',
      pinterestLink: 'https://pinterest.com/keeper',
      linkedInLink: 'https://linkedin.com/keeper',
      websiteLink: 'https://keeper.example',
    });
    const p = res.json().payload;
    for (const u of [p.logoPreSignedUrl, ...p.newHomeBannersPreSignedUrls, ...p.newAboutUsImagesPreSignedUrls]) await upload(u.url);
    full = { ...required };
  });

  it('omitting the logo, banners, images and every optional text leaves each as stored, files included', async () => {
    const before = await saved();
    expect(before.banners).toHaveLength(2);
    expect(before.logo).toBeTruthy();
    expect((await call(keeper.token, 'PUT', 'updateDetails', full)).statusCode).toBe(200);
    expect(await saved()).toEqual(before);
    // and one at a time: every other field sent as it is, the one field left out
    for (const omitted of ['logo', 'banners', 'images', ...optionalText]) {
      const body: Record<string, unknown> = { ...full };
      for (const k of ['logo', 'banners', 'images', ...optionalText]) if (k !== omitted) body[k] = before[k];
      const res = await call(keeper.token, 'PUT', 'updateDetails', body);
      expect(res.statusCode, omitted).toBe(200);
      expect(await saved(), omitted).toEqual(before);
    }
    for (const url of [before.logo, ...before.banners, ...before.images])
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it("an explicit '' or [] removes", async () => {
    const before = await saved();
    const res = await call(keeper.token, 'PUT', 'updateDetails', {
      ...full,
      logo: '',
      banners: [],
      images: [],
      ...Object.fromEntries(optionalText.map((k) => [k, ''])),
    });
    expect(res.statusCode).toBe(200);
    expect(await saved()).toMatchObject({ logo: null, banners: [], images: [], ...Object.fromEntries(optionalText.map((k) => [k, ''])) });
    for (const url of [before.logo, ...before.banners, ...before.images])
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('owner profile: the business name as written (decision 047)', () => {
  const publicProfile = async (businessName: string) =>
    (await app.inject({ method: 'GET', url: '/api/public/user/fetchAll', query: { businessName } })).json().payload.userProfiles[0];

  it('is saved exactly as written (runs of spaces made one), and visitors see it so', async () => {
    const owner = await app.owner('details-named');
    const body = { email: owner.email, address: '4 Hill Road, Pune', phoneNo: '9876543210' };
    const res = await call(owner.token, 'PUT', 'updateDetails', { ...body, displayName: '  Lotus   Handicrafts & co. ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.userData).toMatchObject({ displayName: 'Lotus Handicrafts & co.', businessName: 'details-named' });
    expect(await publicProfile('details-named')).toMatchObject({ displayName: 'Lotus Handicrafts & co.', businessName: 'details-named' });
    // the session's user (admin header, WhatsApp replies) carries it too
    const me = await app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization: owner.token } });
    expect(me.json().payload.user.displayName).toBe('Lotus Handicrafts & co.');
  });

  it('a save that does not carry it keeps it; an empty or too long one is refused and changes nothing', async () => {
    const owner = await app.owner('details-kept-name');
    const body = { email: owner.email, address: '5 Hill Road, Pune', phoneNo: '9876543210' };
    expect((await call(owner.token, 'PUT', 'updateDetails', { ...body, displayName: 'Meera’s Loom' })).statusCode).toBe(200);
    const res = await call(owner.token, 'PUT', 'updateDetails', { ...body, address: '6 Hill Road, Pune' });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.userData).toMatchObject({ displayName: 'Meera’s Loom', address: '6 Hill Road, Pune' });
    for (const [displayName, message] of [
      ['', displayNameTexts.required],
      ['   ', displayNameTexts.required],
      ['x'.repeat(81), displayNameTexts.tooLong(80)],
      [42, displayNameTexts.required],
    ] as const) {
      const refused = await call(owner.token, 'PUT', 'updateDetails', { ...body, displayName });
      expect(refused.statusCode, String(displayName)).toBe(400);
      expect(refused.json().error).toBe(message);
    }
    expect((await call(owner.token, 'GET', 'fetchDetails')).json().payload.userData.displayName).toBe('Meera’s Loom');
  });
});

describe('updateTheme', () => {
  let shop: { businessId: string; token: string };
  beforeAll(async () => {
    shop = await app.owner('theme-shop');
  });
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
    const profile = (await app.inject({ method: 'GET', url: '/api/public/user/fetchAll?businessName=theme-shop' })).json().payload
      .userProfiles[0];
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
