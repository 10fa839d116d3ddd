import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setDomain as setDomainByCli } from '../cli/set-domain.ts';
import { createBusiness } from '../modules/businesses/businesses.service.ts';
import { setDomain } from '../modules/domains/domains.service.ts';
import { deleteMedia, makeStoredVariants, storeImage } from '../modules/media/media.service.ts';
import { verificationToken, verifyEmail } from '../modules/onboarding/onboarding.service.ts';
import { setItemBlocked, setPrimeUser, setUserBlocked } from '../modules/platform/platform.service.ts';
import { createPlatformAdmin } from '../modules/platform/platform-auth.service.ts';
import { writeProducts } from '../modules/products/products.service.ts';
import { signups } from './schema/onboarding.ts';
import { productJson } from './schema/product-json.ts';
import { cataloguesWritten, productsWritten } from './tenant-writes.ts';

// Decision 055: no triggers; each write path does what they did, in its transaction (tenant-writes.ts).
// A write through every path that changes what public pages show moves the business's content version
// (every public cache keys on it), and a product or catalogue written is found by search at once.
let app: TestApp;
let owner: { token: string; businessId: string; businessName: string };
const actor = { adminId: '', email: 'admin@example.test', name: 'Admin', tokenHash: 'x' };

const version = async (businessId: string) =>
  Number(
    (
      await app.ctx.db.execute<{ v: string }>(
        sql`select coalesce(max(version), 0) as v from content_versions where business_id = ${businessId}`,
      )
    ).rows[0]?.v,
  );

/** Runs `write` and expects the business's content version to have moved. */
async function seen<T>(what: string, businessId: string, write: () => Promise<T>): Promise<T> {
  const before = await version(businessId);
  const result = await write();
  expect(await version(businessId), what).toBeGreaterThan(before);
  return result;
}

const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await app.inject({ method, url, headers: { authorization: owner.token }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
  return res.json().payload;
};

const searchFinds = async (word: string) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/public/user/search',
    query: { businessName: owner.businessName, searchQuery: word },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body.toLowerCase().includes(word);
};

const words = async (word: string) => (await app.ctx.db.execute(sql`select 1 from search_words where word = ${word}`)).rows.length;

beforeAll(async () => {
  app = await createTestApp();
  owner = await app.owner('writes-shop');
  actor.adminId = (await createPlatformAdmin(app.ctx, { email: actor.email, name: actor.name, password: 'admin-pw-123456' })).id;
  await app.ctx.db.insert(signups).values({ businessId: owner.businessId, plan: 'free', verifiedAt: new Date() }).onConflictDoNothing();
});

describe('every write path does what the triggers did', () => {
  it('products: create, update, switches, block and delete keep the JSON, the search words and the version', async () => {
    const { product } = await seen('create', owner.businessId, () =>
      call('POST', '/api/userAdmin/products/create', {
        category: 'Lamps',
        productName: 'Zanzibar lamp',
        description: 'Hand made',
        isPublic: true,
      }),
    );
    expect(await words('zanzibar')).toBe(1);
    expect(await searchFinds('zanzibar')).toBe(true);
    const body = async () => (await app.ctx.db.select().from(productJson).where(eq(productJson.id, product._id)))[0]?.body ?? '';
    expect(await body()).toContain('"productName":"Zanzibar lamp"');

    await seen('update', owner.businessId, () =>
      call('PUT', '/api/userAdmin/products/update', {
        id: product._id,
        category: 'Lamps',
        productName: 'Quokka lamp',
        description: 'Hand made',
      }),
    );
    expect(await body()).toContain('"productName":"Quokka lamp"');
    expect(await searchFinds('quokka')).toBe(true);
    await seen('promote', owner.businessId, () => call('PUT', '/api/userAdmin/products/promote', { id: product._id }));
    expect(await body()).toContain('"isPromoted":true');
    await seen('status', owner.businessId, () => call('PUT', '/api/userAdmin/products/updateStatus', { id: product._id }));
    expect(await body()).toContain('"isPublic":false');
    // The bulk import's batch path (decision 063): a new product and an update in one call.
    const written = await seen('batch write', owner.businessId, () =>
      writeProducts(app.ctx, {
        businessId: owner.businessId,
        writes: [
          { input: { category: 'Lamps', productName: 'Numbat lamp', description: 'Hand made', isPublic: true } },
          { id: product._id, input: { category: 'Lamps', productName: 'Wombat lamp', description: 'Hand made' }, isPublic: true },
        ],
      }),
    );
    expect(written.every((w) => w.ok)).toBe(true);
    expect(await body()).toContain('"productName":"Wombat lamp"');
    expect(await body()).toContain('"isPublic":true');
    expect(await searchFinds('wombat')).toBe(true);
    expect(await searchFinds('numbat')).toBe(true);
    await seen('all products switch', owner.businessId, () => call('PUT', '/api/userAdmin/products/updateAllStatus', {}));
    await seen('all products switch back', owner.businessId, () => call('PUT', '/api/userAdmin/products/updateAllStatus', {}));
    await seen('platform block', owner.businessId, () =>
      setItemBlocked(app.ctx, {
        actor,
        kind: 'product',
        input: { businessId: owner.businessId, id: product._id, isBlocked: true, reason: 'Spam' },
      }),
    );
    expect(await body()).toContain('"isBlocked":true');
    await seen('delete', owner.businessId, () => call('DELETE', '/api/userAdmin/products/delete', { id: product._id }));
    expect(await body()).toBe('');
  });

  it('catalogues: create, update, switches, block and delete keep the search words and the version', async () => {
    const ids: string[] = [];
    for (const productName of ['Teak chair', 'Jute basket', 'Clay pot'])
      ids.push((await call('POST', '/api/userAdmin/products/create', { category: 'Home', productName, description: 'Made' })).product._id);
    const { catalogue } = await seen('create', owner.businessId, () =>
      call('POST', '/api/userAdmin/catalogues/create', {
        catalogueName: 'Wombat set',
        description: 'Things',
        products: ids,
        isPublic: true,
      }),
    );
    expect(await searchFinds('wombat')).toBe(true);
    await seen('update', owner.businessId, () =>
      call('PUT', '/api/userAdmin/catalogues/update', {
        id: catalogue._id,
        catalogueName: 'Narwhal set',
        description: 'Things',
        products: ids,
      }),
    );
    expect(await searchFinds('narwhal')).toBe(true);
    await seen('promote', owner.businessId, () => call('PUT', '/api/userAdmin/catalogues/promote', { id: catalogue._id }));
    await seen('status', owner.businessId, () => call('PUT', '/api/userAdmin/catalogues/updateStatus', { id: catalogue._id }));
    await seen('all catalogues switch', owner.businessId, () => call('PUT', '/api/userAdmin/catalogues/updateAllStatus', {}));
    await seen('platform block', owner.businessId, () =>
      setItemBlocked(app.ctx, {
        actor,
        kind: 'catalogue',
        input: { businessId: owner.businessId, id: catalogue._id, isBlocked: true, reason: 'Spam' },
      }),
    );
    await seen('delete', owner.businessId, () => call('DELETE', '/api/userAdmin/catalogues/delete', { id: catalogue._id }));
  });

  it('businesses: sign-up, verification, theme, profile, platform flags and domains move the version', async () => {
    const { id } = await createBusiness(app.ctx, {
      businessName: 'fresh-shop',
      name: 'Fresh',
      email: 'fresh@example.test',
      password: 'pw-123456789',
    });
    expect(await version(id)).toBeGreaterThan(0);
    await app.ctx.db.insert(signups).values({ businessId: id, plan: 'free' }).onConflictDoNothing();
    await seen('email verified', id, () => verifyEmail(app.ctx, { token: verificationToken(app.ctx, id) }));
    await seen('theme', owner.businessId, () => call('PUT', '/api/userAdmin/user/updateTheme', { template: '', theme: 'theme3' }));
    const details = { logo: '', email: `${owner.businessName}@example.test`, address: '1 Mill Road', phoneNo: '9876543210' };
    await seen('profile', owner.businessId, () =>
      call('PUT', '/api/userAdmin/user/updateDetails', { ...details, description: 'New story' }),
    );
    await seen('prime', id, () => setPrimeUser(app.ctx, { actor, input: { id, isPrimeUser: true } }));
    await seen('block', id, () => setUserBlocked(app.ctx, { actor, input: { id, isBlocked: true, reason: 'Spam' } }));
    await seen('domain by the operator', id, () => setDomainByCli(app.ctx, { businessName: 'fresh-shop', domain: 'fresh-shop.test' }));
    await seen('domain removed by the owner', id, () => setDomain(app.ctx, { businessId: id, domain: '' }));
  });

  it('media: a stored image, its widths and its deletion move the version', async () => {
    const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    const mediaId = await seen('image stored', owner.businessId, () =>
      storeImage(app.ctx, { businessId: owner.businessId, category: 'products', name: 'a.jpg', data }),
    );
    await seen('widths recorded', owner.businessId, () => makeStoredVariants(app.ctx, { businessId: owner.businessId, mediaId }));
    await seen('image deleted', owner.businessId, () => deleteMedia(app.ctx, { businessId: owner.businessId, ids: [mediaId] }));
  });

  it('rows written straight to the tables (seed, tests) are completed by productsWritten and cataloguesWritten', async () => {
    await app.ctx.db.execute(sql`insert into products (business_id, id, product_name, description, category)
      values (${owner.businessId}, '0190a0b0-0000-7000-8000-0000000000aa', 'Axolotl mug', 'd', 'c')`);
    expect(await words('axolotl')).toBe(0);
    await seen('products written', owner.businessId, () =>
      productsWritten(app.ctx.db, { businessId: owner.businessId, ids: ['0190a0b0-0000-7000-8000-0000000000aa'] }),
    );
    expect(await words('axolotl')).toBe(1);
    await app.ctx.db.execute(sql`insert into catalogues (business_id, id, catalogue_name, description)
      values (${owner.businessId}, '0190a0b0-0000-7000-8000-0000000000ab', 'Pangolin set', 'd')`);
    await seen('catalogues written', owner.businessId, () =>
      cataloguesWritten(app.ctx.db, { businessId: owner.businessId, ids: ['0190a0b0-0000-7000-8000-0000000000ab'] }),
    );
    expect(await words('pangolin')).toBe(1);
  });
});
