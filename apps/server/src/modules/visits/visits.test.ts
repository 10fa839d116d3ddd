import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { products } from '../../db/schema/products.ts';
import { dailyVisits } from '../../db/schema/visits.ts';
import { addProduct, updateBusiness } from '../users/users.fixtures.ts';
import { recordVisit } from './visits.service.ts';

let app: TestApp;
let shop: { businessId: string };
const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

beforeAll(async () => {
  app = await createTestApp();
  shop = await app.owner('visit-shop');
  const blocked = await app.owner('visit-blocked');
  await updateBusiness(app.ctx, blocked.businessId, { isBlocked: true });
});

const visit = (businessName: string, userAgent?: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/public/user/visits',
    payload: { businessName },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });

async function profileCount(businessId: string) {
  const rows = await app.ctx.db
    .select()
    .from(dailyVisits)
    .where(and(eq(dailyVisits.businessId, businessId), eq(dailyVisits.subjectType, 'profile')));
  return rows.reduce((n, r) => n + r.count, 0);
}

describe('profile visits', () => {
  it('counts browser views per day and skips bots and clients without a User-Agent', async () => {
    const first = await visit('visit-shop', browser);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 201, payload: { counted: true } });
    await visit('visit-shop', browser);
    expect((await visit('visit-shop', googlebot)).json().payload.counted).toBe(false);
    expect((await visit('visit-shop', 'curl/8.0')).json().payload.counted).toBe(false);
    await app.inject({
      method: 'PUT',
      url: '/api/public/user/visits',
      payload: { businessName: 'visit-shop' },
      headers: { 'user-agent': '' },
    });
    expect(await profileCount(shop.businessId)).toBe(2);
    const rows = await app.ctx.db.select().from(dailyVisits).where(eq(dailyVisits.businessId, shop.businessId));
    expect(rows).toHaveLength(1);
    expect(rows[0].subjectId).toBe(shop.businessId);
  });

  it('answers 404 for unknown and blocked businesses', async () => {
    expect((await visit('nobody', browser)).statusCode).toBe(404);
    expect((await visit('visit-blocked', browser)).statusCode).toBe(404);
  });

  it('counts product views both per day and in the running total', async () => {
    const p = await addProduct(app.ctx, shop.businessId);
    const visit = { businessId: shop.businessId, subjectType: 'product' as const, subjectId: p.id };
    expect(await recordVisit(app.ctx, { ...visit, userAgent: browser })).toBe(true);
    expect(await recordVisit(app.ctx, { ...visit, userAgent: browser })).toBe(true);
    expect(await recordVisit(app.ctx, { ...visit, userAgent: googlebot })).toBe(false);
    const [row] = await app.ctx.db.select({ visits: products.visits }).from(products).where(eq(products.id, p.id));
    expect(row.visits).toBe(2);
    const [daily] = await app.ctx.db.select().from(dailyVisits).where(eq(dailyVisits.subjectId, p.id));
    expect(daily.count).toBe(2);
  });
});
