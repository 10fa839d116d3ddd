import { limits } from '@stashblog/contract/limits';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogue, addProduct } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { human } from '../../../test/test-form.ts';
import { catalogueProducts } from '../../db/schema/catalogues.ts';
import { dailyVisits } from '../../db/schema/visits.ts';
import { addLead } from '../../db/tenant-writes.ts';

let app: TestApp;
let a: { token: string; businessId: string; businessName: string };
let b: { token: string; businessId: string; businessName: string };
let vase: string;
let bowl: string;
let set: string;

const browserUa = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** YYYY-MM-DD of today minus `ago` days in Asia/Kolkata. */
function kolkataDay(ago = 0): string {
  const d = new Date(Date.now() - ago * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: limits.timeZone }).format(d);
}

const insights = (token: string, days?: number | string) =>
  app.inject({
    method: 'GET',
    url: `/api/userAdmin/insights/fetch${days === undefined ? '' : `?days=${days}`}`,
    headers: { authorization: token },
  });

beforeAll(async () => {
  app = await createTestApp();
  a = await app.owner('insights-a');
  b = await app.owner('insights-b');
  vase = (await addProduct(app.ctx, a.businessId, { name: 'Blue Vase' })).id;
  bowl = (await addProduct(app.ctx, a.businessId, { name: 'Red Bowl' })).id;
  set = (await addCatalogue(app.ctx, a.businessId)).id;
  await app.ctx.db.insert(catalogueProducts).values({ businessId: a.businessId, catalogueId: set, productId: vase });

  // Today's visits through the public calls a storefront makes, each from another visitor (a visitor
  // counts once per item per day).
  let visitor = 0;
  const put = (url: string, payload: object) =>
    app.inject({ method: 'PUT', url, payload, headers: { 'user-agent': browserUa }, remoteAddress: `203.0.113.${++visitor}` });
  for (let i = 0; i < 3; i++) await put('/api/public/user/visits', { businessName: a.businessName });
  for (let i = 0; i < 4; i++) await put('/api/public/products/visits', { id: vase, businessName: a.businessName });
  await put('/api/public/products/visits', { id: bowl, businessName: a.businessName });
  await put('/api/public/catalogues/visits', { id: set, businessName: a.businessName });

  // Today's leads through the public query forms (each counted as it is stored, addLead).
  const lead = (i: number, fkProductId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/public/products/createLead',
      remoteAddress: `10.0.0.${i + 1}`,
      payload: {
        ...human('product-lead'),
        name: 'Asha',
        email: 'asha@example.test',
        phoneNo: '9876543210',
        businessName: a.businessName,
        fkProductId,
      },
    });
  for (const [i, id] of [vase, bowl, bowl].entries()) {
    const r = await lead(i, id);
    expect(r.statusCode, r.body).toBe(201);
  }
  const catalogueLead = await app.inject({
    method: 'POST',
    url: '/api/public/catalogues/createLead',
    remoteAddress: '10.0.1.1',
    payload: {
      ...human('catalogue-lead'),
      name: 'Ravi',
      email: 'ravi@example.test',
      phoneNo: '9876543211',
      businessName: a.businessName,
      fkCatalogueId: set,
      products: [vase],
    },
  });
  expect(catalogueLead.statusCode, catalogueLead.body).toBe(201);

  // Older history: 10 and 60 days ago (only the 90-day range reaches the second).
  await app.ctx.db.insert(dailyVisits).values([
    { businessId: a.businessId, day: kolkataDay(10), subjectType: 'profile', subjectId: a.businessId, count: 5 },
    { businessId: a.businessId, day: kolkataDay(60), subjectType: 'product', subjectId: bowl, count: 50 },
  ]);
  for (const lead of Array.from({ length: 7 }, () => ({
    businessId: a.businessId,
    id: uuidv7(),
    kind: 'product' as const,
    name: 'Old',
    phoneNo: '9876543210',
    email: 'old@example.test',
    fkProductId: bowl,
    productName: 'Red Bowl',
    createdAt: new Date(Date.now() - 60 * 86_400_000),
  })))
    await addLead(app.ctx.db, lead);
});

describe('insights', () => {
  it('needs a signed-in owner and a known range', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/userAdmin/insights/fetch' })).statusCode).toBe(401);
    for (const days of [7, 'x', -30, 1e9]) expect((await insights(a.token, days)).statusCode).toBe(400);
  });

  it('gives 30 days of visits and leads per day, today last, with totals and top items', async () => {
    const res = await insights(a.token);
    expect(res.statusCode).toBe(200);
    const p = res.json().payload;
    expect(p.days).toBe(30);
    expect(p.series).toHaveLength(30);
    expect(p.to).toBe(kolkataDay(0));
    expect(p.from).toBe(kolkataDay(29));
    expect(p.series.at(-1)).toEqual({
      day: kolkataDay(0),
      profileVisits: 3,
      productVisits: 5,
      catalogueVisits: 1,
      productLeads: 3,
      catalogueLeads: 1,
    });
    expect(p.series.find((d: { day: string }) => d.day === kolkataDay(10)).profileVisits).toBe(5);
    expect(p.totals).toEqual({
      visits: 14,
      profileVisits: 8,
      productVisits: 5,
      catalogueVisits: 1,
      leads: 4,
      productLeads: 3,
      catalogueLeads: 1,
    });
    expect(p.topProductsByVisits).toEqual([
      { _id: vase, name: 'Blue Vase', count: 4 },
      { _id: bowl, name: 'Red Bowl', count: 1 },
    ]);
    expect(p.topProductsByLeads).toEqual([
      { _id: bowl, name: 'Red Bowl', count: 2 },
      { _id: vase, name: 'Blue Vase', count: 1 },
    ]);
    expect(p.topCataloguesByVisits).toEqual([{ _id: set, name: expect.any(String), count: 1 }]);
    expect(p.topCataloguesByLeads).toEqual([{ _id: set, name: expect.any(String), count: 1 }]);
  });

  it('reaches 60 days back with the 90-day range, leads counted on their Kolkata day', async () => {
    const p = (await insights(a.token, 90)).json().payload;
    expect(p.series).toHaveLength(90);
    expect(p.totals.productVisits).toBe(55);
    expect(p.totals.productLeads).toBe(10);
    expect(p.topProductsByLeads[0]).toEqual({ _id: bowl, name: 'Red Bowl', count: 9 });
    expect(p.series.find((d: { day: string }) => d.day === kolkataDay(60))).toMatchObject({ productVisits: 50, productLeads: 7 });
  });

  it("shows another business nothing of A's", async () => {
    const p = (await insights(b.token, 90)).json().payload;
    expect(p.series).toHaveLength(90);
    expect(p.totals).toEqual({
      visits: 0,
      profileVisits: 0,
      productVisits: 0,
      catalogueVisits: 0,
      leads: 0,
      productLeads: 0,
      catalogueLeads: 0,
    });
    expect([...p.topProductsByVisits, ...p.topProductsByLeads, ...p.topCataloguesByVisits, ...p.topCataloguesByLeads]).toEqual([]);
  });

  it('keeps counting a lead after it is deleted (enquiries received)', async () => {
    await app.ctx.db.execute(sql`delete from leads where business_id = ${a.businessId} and name = 'Old'`);
    expect((await insights(a.token, 90)).json().payload.totals.productLeads).toBe(10);
  });
});
