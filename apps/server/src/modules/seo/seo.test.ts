import { cataloguePath, productPath } from '@stashblog/contract/paths';
import { palettes } from '@stashblog/contract/themes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogue, addProduct } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { setDomain } from '../../cli/set-domain.ts';

let app: TestApp;
const own = 'localhost:5004';
const items: Record<string, { id: string }> = {};

beforeAll(async () => {
  app = await createTestApp();
  const plain = await app.owner('seo-plain');
  const dom = await app.owner('seo-domain');
  await setDomain(app.ctx, { businessName: 'seo-domain', domain: 'seo.test' });
  items.plainPublic = await addProduct(app.ctx, plain.businessId);
  items.plainPrivate = await addProduct(app.ctx, plain.businessId, { isPublic: false });
  items.plainBlocked = await addProduct(app.ctx, plain.businessId, { isBlocked: true });
  items.plainCatalogue = await addCatalogue(app.ctx, plain.businessId);
  items.plainPrivateCatalogue = await addCatalogue(app.ctx, plain.businessId, { isPublic: false });
  items.domainPublic = await addProduct(app.ctx, dom.businessId);
  items.domainCatalogue = await addCatalogue(app.ctx, dom.businessId);
  items.domainBlockedCatalogue = await addCatalogue(app.ctx, dom.businessId, { isBlocked: true });
});

const get = (host: string, url: string) => app.inject({ method: 'GET', url, headers: { host } });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap.xml', () => {
  it('lists the store pages and only public, unblocked items on our own host', async () => {
    const res = await get(own, '/seo-plain/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const base = 'http://localhost:5004';
    expect(locs(res.body)).toEqual([
      ...['home', 'products', 'catalogues', 'aboutus', 'contactus'].map((p) => `${base}/seo-plain/${p}`),
      base + productPath('seo-plain', items.plainPublic.id),
      base + cataloguePath('seo-plain', items.plainCatalogue.id),
    ]);
  });

  it('uses unprefixed links on the custom domain', async () => {
    const res = await get('seo.test', '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    const base = 'http://seo.test';
    expect(locs(res.body)).toEqual([
      ...['home', 'products', 'catalogues', 'aboutus', 'contactus'].map((p) => `${base}/${p}`),
      base + productPath('seo-domain', items.domainPublic.id, true),
      base + cataloguePath('seo-domain', items.domainCatalogue.id, true),
    ]);
  });

  it('moves a domain business’s own-host sitemap to its domain, and has none for the platform', async () => {
    const moved = await get(own, '/seo-domain/sitemap.xml');
    expect(moved.statusCode).toBe(302); // 301 once the domain has been verified for a week (tenant.test)
    expect(moved.headers.location).toBe('http://seo.test/sitemap.xml');
    expect((await get(own, '/nobody/sitemap.xml')).statusCode).toBe(302);
  });

  it('gives our own hosts an index of the sitemaps of the businesses served there', async () => {
    const res = await get(own, '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    // seo-domain's sitemap is on its own domain, named by that host's robots.txt
    expect(locs(res.body)).toEqual(['http://localhost:5004/seo-plain/sitemap.xml']);
  });
});

describe('robots.txt', () => {
  it('allows the store, hides admin and private links, and names the sitemap', async () => {
    const res = await get(own, '/seo-plain/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *\nAllow: /\nDisallow: /userAdmin\nDisallow: /seo-plain/privateLink');
    expect(res.body).toContain('Sitemap: http://localhost:5004/seo-plain/sitemap.xml');
    const dom = await get('seo.test', '/robots.txt');
    expect(dom.body).toContain('Disallow: /privateLink\n');
    expect(dom.body).toContain('Sitemap: http://seo.test/sitemap.xml');
  });

  it('gives our own hosts a platform robots.txt', async () => {
    const res = await get(own, '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /userAdmin');
    // crawlers read only the root robots.txt: it names the sitemap index
    expect(res.body).toContain('\nSitemap: http://localhost:5004/sitemap.xml\n');
  });
});

describe('store.webmanifest', () => {
  it('opens the store home in the store’s colours, on our own host and on the custom domain', async () => {
    await app.ctx.db.execute(sql`update businesses set theme = 'theme3' where business_name = 'seo-plain'`);
    const res = await get(own, '/seo-plain/store.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.json()).toMatchObject({
      name: 'Seo Plain',
      start_url: '/seo-plain/home',
      scope: '/seo-plain/',
      display: 'standalone',
      theme_color: palettes.theme3.primary,
      background_color: palettes.theme3.background,
    });
    const dom = await get('seo.test', '/store.webmanifest');
    expect(dom.statusCode).toBe(200);
    expect(dom.json()).toMatchObject({ name: 'Seo Domain', start_url: '/home', scope: '/' });
    expect((await get(own, '/nobody/store.webmanifest')).statusCode).toBe(302);
  });
});
