import { antiSpamTexts } from '@stashblog/contract/anti-spam';
import { encodeId } from '@stashblog/contract/ids';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { leads } from '../../db/schema/leads.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { products } from '../../db/schema/products.ts';
import { businessCap, rejectionCounts } from '../anti-spam/anti-spam.service.ts';
import { challengeFor, human } from '../anti-spam/test-form.ts';
import { insertProducts } from '../catalogues/test-products.ts';

let app: TestApp;
type Owner = Awaited<ReturnType<TestApp['owner']>>;
let owner: Owner;
let other: Owner;
let ids: string[];
let theirIds: string[];
let catalogueId: string;
let privateCatalogueId: string;
let theirCatalogueId: string;

const CL = '/api/public/catalogues/createLead';
const PL = '/api/public/products/createLead';
const post = (url: string, payload: Record<string, unknown>, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url, payload: { ...human(url === CL ? 'catalogue-lead' : 'product-lead'), ...payload }, remoteAddress: ip });

async function createCatalogue(o: Owner, catalogueName: string, productIds: string[], makePublic: boolean) {
  const headers = { authorization: o.token };
  const res = await app.inject({
    method: 'POST',
    url: '/api/userAdmin/catalogues/create',
    headers,
    payload: { catalogueName, description: 'd', products: productIds },
  });
  const id = res.json().payload.catalogue._id as string;
  if (makePublic) await app.inject({ method: 'PUT', url: '/api/userAdmin/catalogues/updateStatus', headers, payload: { id } });
  return id;
}

const countRows = async (businessId: string) => {
  const [l] = await app.ctx.db.select({ n: count() }).from(leads).where(eq(leads.businessId, businessId));
  const [n] = await app.ctx.db.select({ n: count() }).from(notifications).where(eq(notifications.businessId, businessId));
  return { leads: l.n, notifications: n.n };
};

beforeAll(async () => {
  app = await createTestApp();
  owner = await app.owner('lead-shop');
  other = await app.owner('lead-other');
  ids = await insertProducts(app, owner.businessId, [
    { productName: 'Silk scarf' },
    { productName: 'Cotton shirt' },
    { productName: 'Wool cap' },
    { productName: 'Secret', isPublic: false },
    { productName: 'Outsider' },
  ]);
  theirIds = await insertProducts(app, other.businessId, [{ productName: 'X' }, { productName: 'Y' }, { productName: 'Z' }]);
  catalogueId = await createCatalogue(owner, 'Winter', ids.slice(0, 4), true);
  privateCatalogueId = await createCatalogue(owner, 'Draft', ids.slice(0, 3), false);
  theirCatalogueId = await createCatalogue(other, 'Theirs', theirIds, true);
});

const visitor = { name: 'Asha', email: 'asha@example.test', phoneNo: '9876543210', query: 'Price for 100 pieces?' };

describe('catalogue leads', () => {
  it('stores the lead with the selected products and notifies the owner, in one go', async () => {
    const res = await post(CL, { ...visitor, businessName: 'lead-shop', fkCatalogueId: catalogueId, products: [ids[0], ids[2]] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 201, message: serverTexts.querySent, error: null });
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.id, res.json().payload.id));
    expect(lead).toMatchObject({
      businessId: owner.businessId,
      kind: 'catalogue',
      name: 'Asha',
      email: 'asha@example.test',
      phoneNo: '9876543210',
      query: 'Price for 100 pieces?',
      fkCatalogueId: catalogueId,
      catalogueName: 'Winter',
      products: [ids[0], ids[2]],
      fkProductId: null,
    });
    const [note] = await app.ctx.db.select().from(notifications).where(eq(notifications.businessId, owner.businessId));
    expect(note).toMatchObject({
      notification: serverTexts.leadNotification('Asha', 'Winter'),
      redirect: `/userAdmin/catalogues/leads/${encodeId(catalogueId)}`,
      isMarkedRead: false,
    });
  });

  it('gives the SPEC query form messages in order', async () => {
    const base = { ...visitor, businessName: 'lead-shop', fkCatalogueId: catalogueId, products: [ids[0]] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, email: undefined, name: '' }, specTexts.queryEmailRequired],
      [{ ...base, email: '  ' }, specTexts.queryEmailRequired],
      [{ ...base, name: undefined }, specTexts.queryNameRequired],
      [{ ...base, phoneNo: '98765' }, specTexts.queryPhoneInvalid],
      [{ ...base, phoneNo: '98765432101' }, specTexts.queryPhoneInvalid],
      [{ ...base, phoneNo: undefined }, specTexts.queryPhoneInvalid],
      [{ ...base, products: [] }, specTexts.queryProductsRequired],
      [{ ...base, products: undefined }, specTexts.queryProductsRequired],
      [{ ...base, email: 'not-an-email' }, specTexts.contactEmailInvalid],
    ];
    const before = await countRows(owner.businessId);
    for (const [payload, error] of cases) {
      const res = await post(CL, payload, '10.0.1.1');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, error });
    }
    expect(await countRows(owner.businessId)).toEqual(before);
  });

  it('accepts a numeric phone and no query text', async () => {
    const res = await post(CL, {
      ...visitor,
      phoneNo: 9876543210,
      query: undefined,
      businessName: 'lead-shop',
      fkCatalogueId: catalogueId,
      products: [ids[1]],
    });
    expect(res.statusCode).toBe(201);
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.id, res.json().payload.id));
    expect(lead).toMatchObject({ phoneNo: '9876543210', query: '' });
  });

  it('answers 404 and writes nothing for products or catalogues the visitor cannot query', async () => {
    const before = await countRows(owner.businessId);
    const theirsBefore = await countRows(other.businessId);
    const base = { ...visitor, businessName: 'lead-shop', fkCatalogueId: catalogueId };
    const cases: Record<string, unknown>[] = [
      { ...base, products: [ids[3]] }, // private member
      { ...base, products: [ids[0], ids[4]] }, // public but not a member
      { ...base, products: [theirIds[0]] }, // another business's product
      { ...base, products: [uuidv7()] },
      { ...base, products: ['junk'] },
      { ...base, fkCatalogueId: privateCatalogueId, products: [ids[0]] },
      { ...base, fkCatalogueId: theirCatalogueId, products: [theirIds[0]] }, // through the wrong business
      { ...base, fkCatalogueId: 'junk', products: [ids[0]] },
      { ...base, businessName: 'lead-other', products: [ids[0]] },
      { ...base, businessName: 'no-such-shop', products: [ids[0]] },
      { ...base, businessName: undefined, products: [ids[0]] },
      { ...base, businessName: 'nobody\u0000', products: [ids[0]] },
    ];
    for (const [i, payload] of cases.entries()) {
      const res = await post(CL, payload, `10.0.2.${10 + i}`);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
    }
    await app.ctx.db.update(catalogues).set({ isBlocked: true }).where(eq(catalogues.id, catalogueId));
    expect((await post(CL, { ...base, products: [ids[0]] }, '10.0.2.3')).statusCode).toBe(404);
    await app.ctx.db.update(catalogues).set({ isBlocked: false }).where(eq(catalogues.id, catalogueId));
    expect(await countRows(owner.businessId)).toEqual(before);
    expect(await countRows(other.businessId)).toEqual(theirsBefore);
  });
});

describe('product leads', () => {
  it('stores the lead with the product name and notifies the owner', async () => {
    const res = await post(PL, { ...visitor, businessName: 'lead-shop', fkProductId: ids[1] }, '10.1.0.1');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 201, message: serverTexts.querySent });
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.id, res.json().payload.id));
    expect(lead).toMatchObject({ kind: 'product', fkProductId: ids[1], productName: 'Cotton shirt', fkCatalogueId: null, products: [] });
    const notes = await app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.redirect, `/userAdmin/products/leads/${encodeId(ids[1])}`));
    expect(notes).toMatchObject([{ notification: serverTexts.leadNotification('Asha', 'Cotton shirt') }]);
  });

  it('gives the SPEC messages', async () => {
    const base = { ...visitor, businessName: 'lead-shop', fkProductId: ids[0] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, email: '' }, specTexts.queryEmailRequired],
      [{ ...base, name: ' ' }, specTexts.queryNameRequired],
      [{ ...base, phoneNo: '12345abcde' }, specTexts.queryPhoneInvalid],
      [{ ...base, fkProductId: undefined }, specTexts.queryProductIdRequired],
      [{ ...base, fkProductId: '' }, specTexts.queryProductIdRequired],
    ];
    for (const [payload, error] of cases) {
      const res = await post(PL, payload, '10.1.1.1');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });

  it('answers 404 for private, blocked, foreign and unknown products, writing nothing', async () => {
    await app.ctx.db.update(products).set({ isBlocked: true }).where(eq(products.id, ids[2]));
    const before = await countRows(owner.businessId);
    const base = { ...visitor, businessName: 'lead-shop' };
    for (const fkProductId of [ids[3], ids[2], theirIds[0], uuidv7(), 'junk']) {
      const res = await post(PL, { ...base, fkProductId }, '10.1.2.2');
      expect(res.statusCode, fkProductId).toBe(404);
    }
    await app.ctx.db.update(businesses).set({ isBlocked: true }).where(eq(businesses.id, owner.businessId));
    expect((await post(PL, { ...base, fkProductId: ids[0] }, '10.1.2.3')).statusCode).toBe(404);
    await app.ctx.db.update(businesses).set({ isBlocked: false }).where(eq(businesses.id, owner.businessId));
    expect(await countRows(owner.businessId)).toEqual(before);
  });

  it('rate-limits each client to 10 enquiries a minute', async () => {
    const payload = { ...visitor, businessName: 'lead-shop', fkProductId: ids[0] };
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await post(PL, payload, '10.9.9.9')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await post(PL, payload, '10.9.9.8')).statusCode).toBe(201);
  });
});

describe('spam defences on enquiries', () => {
  it('refuses a honeypot or a too-fast enquiry with a clear error, counting it and storing nothing', async () => {
    const before = await countRows(owner.businessId);
    const base = { ...visitor, businessName: 'lead-shop', fkProductId: ids[0] };
    const bot = await post(PL, { ...base, website: 'https://buy.example' }, '10.12.0.1');
    expect(bot.statusCode).toBe(400);
    expect(bot.json().error).toBe(antiSpamTexts.honeypot);
    const fast = await post(PL, { ...base, challenge: challengeFor('product-lead', 150) }, '10.12.0.2');
    expect(fast.json().error).toBe(antiSpamTexts.tooFast);
    const raw = await app.inject({ method: 'POST', url: PL, payload: base, remoteAddress: '10.12.0.3' });
    expect(raw.json().error).toBe(antiSpamTexts.missing);
    expect(await countRows(owner.businessId)).toEqual(before);
    expect(await rejectionCounts(app.ctx, 'product-lead')).toMatchObject({ honeypot: 1, 'too-fast': 1 });
  });

  it('stores a double submit once (same idempotency key), even when both arrive together', async () => {
    const before = await countRows(owner.businessId);
    const payload = { ...visitor, businessName: 'lead-shop', fkProductId: ids[0], ...human('product-lead') };
    const [x, y] = await Promise.all([post(PL, payload, '10.13.0.1'), post(PL, payload, '10.13.0.1')]);
    expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
    expect(x.json().payload.id).toBe(y.json().payload.id);
    const after = await countRows(owner.businessId);
    expect(after).toEqual({ leads: before.leads + 1, notifications: before.notifications + 1 });
  });

  it('limits enquiries to one business from many addresses, with a clear 429 counted', async () => {
    const fresh = await app.owner('flooded-shop');
    const [pid] = await insertProducts(app, fresh.businessId, [{ productName: 'Popular' }]);
    const payload = { ...visitor, businessName: 'flooded-shop', fkProductId: pid };
    const max = businessCap.max;
    for (let i = 0; i < max; i++) expect((await post(PL, payload, `10.14.${Math.floor(i / 100)}.${i % 100}`)).statusCode).toBe(201);
    const refused = await post(PL, payload, '10.15.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(antiSpamTexts.businessRateLimited);
    // Other businesses are unaffected.
    expect((await post(PL, { ...visitor, businessName: 'lead-shop', fkProductId: ids[0] }, '10.15.0.2')).statusCode).toBe(201);
    await expect.poll(async () => (await rejectionCounts(app.ctx, 'product-lead'))['business-rate-limit']).toBe(1);
  });
});
