import { encodeId } from '@stashblog/contract/ids';
import { leadTexts, mailReplyUrl, whatsAppReplyUrl } from '@stashblog/contract/leads';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { human } from '../../../test/test-form.ts';
import { insertProducts } from '../../../test/test-products.ts';
import { leads } from '../../db/schema/leads.ts';
import { csvCell, csvDate, csvDateIntl } from './leads-csv.ts';

let app: TestApp;

/** An export read back as RFC 4180 by csv-parse: rows end in CRLF (the last one too), quoted fields, "" escapes. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return parse(text, { record_delimiter: '\r\n' });
}
type Owner = Awaited<ReturnType<TestApp['owner']>>;
let a: Owner;
let b: Owner;
let pids: string[];
let theirPid: string;
let catalogueId: string;
let ip = 0;

const P = '/api/userAdmin/products';
const C = '/api/userAdmin/catalogues';
const get = (o: Owner, url: string, query: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, query, headers: { authorization: o.token } });
const del = (o: Owner, url: string, id: string) =>
  app.inject({ method: 'DELETE', url, payload: { id }, headers: { authorization: o.token } });
const visitor = (n: number) => ({
  name: `Visitor ${n}`,
  email: `v${n}@example.test`,
  phoneNo: `98765432${String(n).padStart(2, '0')}`,
  query: `Question ${n}`,
});

async function productLead(businessName: string, fkProductId: string, n: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/public/products/createLead',
    payload: { ...visitor(n), businessName, fkProductId, ...human('product-lead') },
    remoteAddress: `10.20.${Math.floor(++ip / 200)}.${ip % 200}`,
  });
  expect(res.statusCode).toBe(201);
  return res.json().payload.id as string;
}

beforeAll(async () => {
  app = await createTestApp();
  a = await app.owner('leads-a');
  b = await app.owner('leads-b');
  pids = await insertProducts(app, a.businessId, [
    { productName: 'Silk scarf' },
    { productName: 'Cotton shirt' },
    { productName: 'Wool cap' },
  ]);
  [theirPid] = await insertProducts(app, b.businessId, [{ productName: 'Their thing' }]);
  const created = await app.inject({
    method: 'POST',
    url: '/api/userAdmin/catalogues/create',
    headers: { authorization: a.token },
    payload: { catalogueName: 'Winter', description: 'd', products: pids },
  });
  catalogueId = created.json().payload.catalogue._id;
  await app.inject({ method: 'PUT', url: `${C}/updateStatus`, headers: { authorization: a.token }, payload: { id: catalogueId } });
  for (let n = 0; n < 14; n++) await productLead('leads-a', pids[0], n);
  await productLead('leads-a', pids[1], 50);
  await productLead('leads-b', theirPid, 60);
  const cat = await app.inject({
    method: 'POST',
    url: '/api/public/catalogues/createLead',
    payload: {
      ...visitor(70),
      businessName: 'leads-a',
      fkCatalogueId: catalogueId,
      products: [pids[0], pids[2]],
      ...human('catalogue-lead'),
    },
    remoteAddress: '10.21.0.1',
  });
  expect(cat.statusCode).toBe(201);
});

describe('owner lead lists', () => {
  it("lists one product's leads 12 a page, newest first, with the product name and count; new, then seen", async () => {
    const first = await get(a, `${P}/fetchAllLeads`, { fkProductId: pids[0] });
    expect(first.statusCode).toBe(200);
    const payload = first.json().payload;
    expect(payload).toMatchObject({ productName: 'Silk scarf', count: 14 });
    expect(payload.productLeads).toHaveLength(12);
    expect(payload.productLeads[0]).toMatchObject({ name: 'Visitor 13', isNew: true, productNames: ['Silk scarf'], fkProductId: pids[0] });
    const page2 = (await get(a, `${P}/fetchAllLeads`, { fkProductId: pids[0], pageNo: '2' })).json().payload.productLeads;
    expect(page2.map((l: { name: string }) => l.name)).toEqual(['Visitor 1', 'Visitor 0']);
    const again = (await get(a, `${P}/fetchAllLeads`, { fkProductId: pids[0] })).json().payload.productLeads;
    expect(again.every((l: { isNew: boolean }) => !l.isNew)).toBe(true);
  });

  it('searches name, email, phone, query and product name', async () => {
    const q = (searchQuery: string) => get(a, `${P}/fetchAllProductsLeads`, { searchQuery }).then((r) => r.json().payload.count);
    expect(await q('visitor 1')).toBe(5); // 1, 10-13
    expect(await q('v50@')).toBe(1);
    expect(await q('9876543213')).toBe(1);
    expect(await q('cotton')).toBe(1);
    expect(await q('%')).toBe(0);
    expect((await get(a, `${P}/fetchAllProductsLeads`)).json().payload.count).toBe(15);
  });

  it('lists catalogue leads with the catalogue name and the names of the products asked about', async () => {
    const res = (await get(a, `${C}/fetchAllLeads`, { fkCatalogueId: catalogueId })).json().payload;
    expect(res).toMatchObject({ catalogueName: 'Winter', count: 1 });
    expect(res.catalogueLeads[0]).toMatchObject({
      name: 'Visitor 70',
      productNames: ['Silk scarf', 'Wool cap'],
      products: [pids[0], pids[2]],
    });
    expect((await get(a, `${C}/fetchAllCataloguesLeads`)).json().payload.count).toBe(1);
  });

  it("never shows, exports or deletes another owner's leads", async () => {
    const [theirLead] = await app.ctx.db.select().from(leads).where(eq(leads.businessId, b.businessId));
    expect((await get(a, `${P}/fetchAllLeads`, { fkProductId: theirPid })).statusCode).toBe(404);
    expect((await get(b, `${P}/fetchAllLeads`, { fkProductId: pids[0] })).statusCode).toBe(404);
    expect((await get(b, `${C}/fetchAllLeads`, { fkCatalogueId: catalogueId })).statusCode).toBe(404);
    expect((await get(b, `${P}/downloadLeads`, { fkProductId: pids[0] })).statusCode).toBe(404);
    expect((await get(b, `${C}/downloadLeads`, { fkCatalogueId: catalogueId })).statusCode).toBe(404);
    expect((await get(a, `${P}/fetchAllProductsLeads`, { searchQuery: 'Visitor 60' })).json().payload.count).toBe(0);
    expect((await del(a, `${P}/deleteLead`, theirLead.id)).statusCode).toBe(404);
    const [still] = await app.ctx.db.select().from(leads).where(eq(leads.id, theirLead.id));
    expect(still).toBeTruthy();
    const theirCsv = parseCsv((await get(b, `${P}/downloadLeads`)).body.replace(/^\uFEFF/, ''));
    expect(theirCsv.slice(1).map((r) => r[1])).toEqual(['Visitor 60']);
    for (const bad of ['junk', uuidv7(), "'; drop table leads; --"]) {
      expect((await get(a, `${P}/fetchAllLeads`, { fkProductId: bad })).statusCode).toBe(404);
      expect((await del(a, `${P}/deleteLead`, bad)).statusCode).toBe(404);
    }
  });

  it('deletes a lead of the right kind only', async () => {
    const [l] = (await get(a, `${C}/fetchAllCataloguesLeads`)).json().payload.leads;
    expect((await del(a, `${P}/deleteLead`, l._id)).statusCode).toBe(404);
    const res = await del(a, `${C}/deleteLead`, l._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(leadTexts.deleted);
    expect((await get(a, `${C}/fetchAllCataloguesLeads`)).json().payload.count).toBe(0);
  });

  it('needs a sign-in', async () => {
    expect((await app.inject({ method: 'GET', url: `${P}/downloadLeads` })).statusCode).toBe(401);
  });
});

describe('leads CSV', () => {
  const corpus = ['=1+2', '+91 98', '-2+3', '@SUM(A1:A9)', '\tTabbed', '\rReturn', 'He said "hi", then left\r\nNew line', 'Normal'];

  it('writes RFC 4180 with formula-like cells neutralised', () => {
    expect(corpus.map(csvCell)).toEqual([
      "'=1+2",
      "'+91 98",
      "'-2+3",
      "'@SUM(A1:A9)",
      "'\tTabbed",
      `"'\rReturn"`,
      '"He said ""hi"", then left\r\nNew line"',
      'Normal',
    ]);
  });

  it('exports a product, checked cell by cell: serial numbers, IST dates, links, exclusions, injection corpus', async () => {
    const owner = await app.owner('csv-shop');
    const [pid] = await insertProducts(app, owner.businessId, [{ productName: '=HYPERLINK("x")' }]);
    // Rows written straight to the table: the corpus keeps the leading tab/CR a form would trim.
    const base = Date.UTC(2026, 0, 15, 20, 0, 0); // 16 Jan 2026, 01:30 in Asia/Kolkata
    await app.ctx.db.insert(leads).values(
      corpus.map((text, i) => ({
        businessId: owner.businessId,
        id: uuidv7(),
        kind: 'product' as const,
        name: text,
        phoneNo: '9876500000',
        email: `c${i}@example.test`,
        query: text,
        fkProductId: pid,
        productName: '=HYPERLINK("x")',
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const res = await get(owner, `${P}/downloadLeads`, { fkProductId: pid });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="leads_data.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(['S.No.', 'name', 'phoneNo', 'email', 'query', 'createdAt', 'productName', 'productLink']);
    const header = rows[0].join(',');
    for (const excluded of ['_id', '__v', 'updatedAt', 'fkCatalogueId', 'fkProductId', 'isActive']) expect(header).not.toContain(excluded);
    expect(rows).toHaveLength(1 + corpus.length);
    // Newest first; serial numbers 1..n.
    const expected = [...corpus].reverse();
    rows.slice(1).forEach((row, i) => {
      const text = expected[i];
      const minute = corpus.length - 1 - i;
      const neutral = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      expect(row).toEqual([
        String(i + 1),
        neutral,
        '9876500000',
        `c${minute}@example.test`,
        neutral,
        `1/16/2026, 1:${String(30 + minute).padStart(2, '0')}:00 AM`,
        `'=HYPERLINK("x")`,
        `${app.ctx.config.publicUrl}/csv-shop/products/${encodeId(pid)}`,
      ]);
    });
  });

  it('exports all catalogue leads with the products as comma-joined links', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/public/catalogues/createLead',
      payload: {
        ...visitor(80),
        businessName: 'leads-a',
        fkCatalogueId: catalogueId,
        products: [pids[1], pids[2]],
        ...human('catalogue-lead'),
      },
      remoteAddress: '10.21.0.2',
    });
    const rows = parseCsv((await get(a, `${C}/downloadLeads`, { fkCatalogueId: '' })).body.slice(1));
    expect(rows[0]).toEqual(['S.No.', 'name', 'phoneNo', 'email', 'query', 'createdAt', 'catalogueName', 'products']);
    expect(rows).toHaveLength(2);
    const link = (id: string) => `${app.ctx.config.publicUrl}/leads-a/products/${encodeId(id)}`;
    expect(rows[1]).toMatchObject({ 0: '1', 1: 'Visitor 80', 6: 'Winter', 7: `${link(pids[1])}, ${link(pids[2])}` });
  });

  it('an empty export is the header row alone', async () => {
    const owner = await app.owner('csv-empty');
    const rows = parseCsv((await get(owner, `${C}/downloadLeads`)).body.slice(1));
    expect(rows).toHaveLength(1);
  });
});

describe('reply links', () => {
  const lead = {
    name: 'Asha',
    phoneNo: '9876543210',
    email: 'asha+x@example.test',
    productName: 'Silk scarf',
    catalogueName: null,
    productNames: ['Silk scarf'],
  };
  it('WhatsApp: wa.me/91{phone} with a greeting naming the product, or the catalogue and its products', () => {
    // the business as its owner writes it (decision 047)
    const url = new URL(whatsAppReplyUrl(lead, 'Lotus & Co. crafts'));
    expect(url.origin + url.pathname).toBe('https://wa.me/919876543210');
    expect(url.searchParams.get('text')).toBe('Hello Asha, thank you for your enquiry about "Silk scarf" on Lotus & Co. crafts. ');
    const cat = new URL(whatsAppReplyUrl({ ...lead, catalogueName: 'Winter', productNames: ['Silk scarf', 'Wool cap'] }, 'lotus'));
    expect(cat.searchParams.get('text')).toContain('our catalogue "Winter" (Silk scarf, Wool cap)');
  });
  it('mail: mailto with a subject', () => {
    expect(mailReplyUrl(lead)).toBe('mailto:asha%2Bx@example.test?subject=Re%3A%20your%20enquiry%20about%20Silk%20scarf');
  });
});

describe('CSV dates', () => {
  it('match Intl en-US in Asia/Kolkata for dates across years, midnight and noon', () => {
    const samples = [
      Date.UTC(2026, 0, 15, 18, 30, 0),
      Date.UTC(2026, 0, 15, 6, 30, 0),
      Date.UTC(2024, 1, 29, 23, 59, 59),
      Date.UTC(1999, 11, 31, 18, 29, 59),
    ];
    for (let i = 0; i < 500; i++) samples.push(Date.UTC(2000, 0, 1) + Math.floor(Math.random() * 40 * 365 * 86400_000));
    for (const t of samples) expect(csvDate(new Date(t))).toBe(csvDateIntl(new Date(t)));
    expect(csvDate(new Date(Date.UTC(2026, 0, 15, 18, 30, 0)))).toBe('1/16/2026, 12:00:00 AM');
  });
});
