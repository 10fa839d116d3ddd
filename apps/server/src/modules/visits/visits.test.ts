import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addProduct, updateBusiness, updateCatalogueRows } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';
import { dailyVisits } from '../../db/schema/visits.ts';
import { recordVisit } from './visits.service.ts';

let app: TestApp;
let shop: { businessId: string };
const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const phone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

beforeAll(async () => {
  app = await createTestApp();
  shop = await app.owner('visit-shop');
  const blocked = await app.owner('visit-blocked');
  await updateBusiness(app.ctx, blocked.businessId, { isBlocked: true });
});

const visit = (businessName: string, userAgent?: string, remoteAddress = '203.0.113.1') =>
  app.inject({
    method: 'PUT',
    url: '/api/public/user/visits',
    payload: { businessName },
    headers: userAgent ? { 'user-agent': userAgent } : {},
    remoteAddress,
  });

async function dailyCount(businessId: string, subjectType: 'profile' | 'product' | 'catalogue') {
  const rows = await app.ctx.db
    .select()
    .from(dailyVisits)
    .where(and(eq(dailyVisits.businessId, businessId), eq(dailyVisits.subjectType, subjectType)));
  return rows.reduce((n, r) => n + r.count, 0);
}

describe('profile visits', () => {
  it('counts each visitor once a day and skips bots and clients without a User-Agent', async () => {
    const first = await visit('visit-shop', browser);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 201, payload: { counted: true } });
    // 300 more calls from the same browser and address count nothing
    for (let i = 0; i < 30; i++) expect((await visit('visit-shop', browser)).json().payload.counted).toBe(false);
    // another browser on the same address, and the same browser elsewhere, are other visitors
    expect((await visit('visit-shop', phone)).json().payload.counted).toBe(true);
    expect((await visit('visit-shop', browser, '203.0.113.2')).json().payload.counted).toBe(true);
    expect((await visit('visit-shop', googlebot, '203.0.113.3')).json().payload.counted).toBe(false);
    expect((await visit('visit-shop', 'curl/8.0', '203.0.113.4')).json().payload.counted).toBe(false);
    await visit('visit-shop', '', '203.0.113.5');
    expect(await dailyCount(shop.businessId, 'profile')).toBe(3);
    const rows = await app.ctx.db.select().from(dailyVisits).where(eq(dailyVisits.businessId, shop.businessId));
    expect(rows).toHaveLength(1);
    expect(rows[0].subjectId).toBe(shop.businessId);
  });

  it('answers 404 for unknown and blocked businesses', async () => {
    expect((await visit('nobody', browser)).statusCode).toBe(404);
    expect((await visit('visit-blocked', browser)).statusCode).toBe(404);
  });

  it('keeps no address: the visitor is a keyed hash', async () => {
    const rows = await app.ctx.db.execute<{ visitor: string }>(sql`select visitor from visit_seen`);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) expect(r.visitor).not.toContain('203.0.113');
  });
});

describe('product and catalogue visits: the same rule', () => {
  it('counts a product once per visitor per day, per day and in the running total', async () => {
    const p = await addProduct(app.ctx, shop.businessId);
    const v = { businessId: shop.businessId, subjectType: 'product' as const, subjectId: p.id };
    const me = { ip: '198.51.100.1', userAgent: browser };
    expect(await recordVisit(app.ctx, { ...v, visitor: me })).toBe(true);
    expect(await recordVisit(app.ctx, { ...v, visitor: me })).toBe(false);
    expect(await recordVisit(app.ctx, { ...v, visitor: { ip: '198.51.100.2', userAgent: browser } })).toBe(true);
    expect(await recordVisit(app.ctx, { ...v, visitor: { ip: '198.51.100.3', userAgent: googlebot } })).toBe(false);
    const [row] = await app.ctx.db.select({ visits: products.visits }).from(products).where(eq(products.id, p.id));
    expect(row.visits).toBe(2);
    expect(await dailyCount(shop.businessId, 'product')).toBe(2);
    // yesterday's record does not stop today's visit
    await app.ctx.db.execute(sql`update visit_seen set day = day - 1 where subject_id = ${p.id}`);
    expect(await recordVisit(app.ctx, { ...v, visitor: me })).toBe(true);
  });

  it('counts a catalogue through its public call once per visitor', async () => {
    const owner = await app.owner('visit-cats');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await addProduct(app.ctx, owner.businessId, { isPublic: true })).id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/userAdmin/catalogues/create',
      headers: { authorization: owner.token },
      payload: { catalogueName: 'Counted', description: 'Visited', products: ids },
    });
    const id = created.json().payload?.catalogue?._id as string;
    await updateCatalogueRows(app.ctx, eq(catalogues.id, id), { isPublic: true });
    const call = (remoteAddress: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/public/catalogues/visits',
        payload: { id, businessName: 'visit-cats' },
        headers: { 'user-agent': browser },
        remoteAddress,
      });
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await call('192.0.2.10')).json().payload?.counted);
    expect(statuses.filter(Boolean)).toHaveLength(1);
    expect((await call('192.0.2.11')).json().payload.counted).toBe(true);
    const [row] = await app.ctx.db.select({ visits: catalogues.visits }).from(catalogues).where(eq(catalogues.id, id));
    expect(row.visits).toBe(2);
  });
});
