import { cataloguePath, productPath, storePath } from '@stashblog/contract/paths';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';
import type { Tenant } from '../../http/tenant.ts';
import { requirePublicBusiness } from '../businesses/businesses.service.ts';
import { itemShowsIn } from '../businesses/visibility.ts';

// The sitemap protocol allows 50,000 URLs per file; the five fixed pages come first.
const maxItems = 49_000;
const fixedPages = ['/home', '/products', '/catalogues', '/aboutus', '/contactus'];

/** Where a storefront's absolute URLs start: its custom domain, or our public URL plus /{businessName}. */
function storeOrigin(ctx: Pick<AppContext, 'config'>, domain: string | null, onOwnDomain: boolean): string {
  if (!onOwnDomain || !domain) return ctx.config.publicUrl;
  const scheme = ctx.config.publicUrl.startsWith('https:') ? 'https' : 'http';
  return `${scheme}://${domain}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);
}

/** SPEC-listed public pages of one storefront plus every product and catalogue visitors may see. */
export async function buildSitemap(ctx: Pick<AppContext, 'db' | 'config'>, tenant: Tenant): Promise<string> {
  const b = await requirePublicBusiness(ctx, tenant.businessName);
  const origin = storeOrigin(ctx, b.domain, tenant.onOwnDomain);
  const onOwn = tenant.onOwnDomain;
  // What visitors may see (businesses/visibility.ts).
  const visible = <T extends typeof products | typeof catalogues>(t: T) =>
    and(eq(t.businessId, b.id), itemShowsIn(t === products ? 'product' : 'catalogue', sql`${t}`, sql`${b.id}::uuid`));
  const [productRows, catalogueRows] = await Promise.all([
    ctx.db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(visible(products))
      .orderBy(desc(products.createdAt))
      .limit(maxItems),
    ctx.db
      .select({ id: catalogues.id, updatedAt: catalogues.updatedAt })
      .from(catalogues)
      .where(visible(catalogues))
      .orderBy(desc(catalogues.createdAt))
      .limit(maxItems),
  ]);
  const entries = [
    ...fixedPages.map((p) => ({ loc: storePath(b.businessName, p, onOwn), lastmod: null as Date | null })),
    ...productRows.map((r) => ({ loc: productPath(b.businessName, r.id, onOwn), lastmod: r.updatedAt })),
    ...catalogueRows.map((r) => ({ loc: cataloguePath(b.businessName, r.id, onOwn), lastmod: r.updatedAt })),
  ].slice(0, maxItems + fixedPages.length);
  const urls = entries.map(
    (e) => `  <url><loc>${escapeXml(origin + e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A storefront's robots.txt: everything but the admin area and private-link pages, with its sitemap. */
export async function buildStoreRobots(ctx: Pick<AppContext, 'db' | 'config'>, tenant: Tenant): Promise<string> {
  const b = await requirePublicBusiness(ctx, tenant.businessName);
  const origin = storeOrigin(ctx, b.domain, tenant.onOwnDomain);
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /userAdmin',
    `Disallow: ${storePath(b.businessName, '/privateLink', tenant.onOwnDomain)}`,
    '',
    `Sitemap: ${origin}${storePath(b.businessName, '/sitemap.xml', tenant.onOwnDomain)}`,
    '',
  ].join('\n');
}

/** Our own hosts' robots.txt: the marketing site and storefronts are open; admin and private links are not. */
export function buildPlatformRobots(): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /userAdmin', 'Disallow: /*/privateLink', ''].join('\n');
}
