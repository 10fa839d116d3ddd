import { cataloguePath, productPath, storePath } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import { isTheme, palettes } from '@stashblog/contract/themes';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';
import type { Tenant } from '../../http/tenant.ts';
import { requirePublicBusiness } from '../businesses/businesses.service.ts';
import { businessIsPublic, itemShowsIn } from '../businesses/visibility.ts';

// The sitemap protocol allows 50,000 URLs per file; the five fixed pages come first.
const maxItems = 49_000;
const fixedPages = ['/home', '/products', '/catalogues', '/aboutus', '/contactus'];
// The protocol's limit of sitemaps per index.
const maxSitemaps = 50_000;

/** Where a storefront's absolute URLs start: its custom domain, or our public URL plus /{businessName}. */
export function storeOrigin(ctx: Pick<AppContext, 'config'>, domain: string | null, onOwnDomain: boolean): string {
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

/**
 * Our own hosts' sitemap index: the sitemap of every public business served here. Crawlers read
 * only the root robots.txt, which names this index. A business on its own domain is left out: its
 * sitemap is on that host, named by that host's robots.txt.
 */
export async function buildSitemapIndex(ctx: Pick<AppContext, 'db' | 'config'>): Promise<string> {
  const rows = await ctx.db
    .select({ businessName: businesses.businessName })
    .from(businesses)
    .where(and(isNull(businesses.domain), businessIsPublic(sql`${businesses}`)))
    .orderBy(asc(businesses.businessName))
    .limit(maxSitemaps);
  const entries = rows.map(
    (r) => `  <sitemap><loc>${escapeXml(ctx.config.publicUrl + storePath(r.businessName, '/sitemap.xml'))}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}${entries.length ? '\n' : ''}</sitemapindex>\n`;
}

/** Our own hosts' robots.txt: the marketing site and storefronts are open; admin and private links are not. */
export function buildPlatformRobots(ctx: Pick<AppContext, 'config'>): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /userAdmin',
    'Disallow: /*/privateLink',
    '',
    `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * A storefront's web manifest: installed from the store, the app opens the store's home in its
 * colours (the platform's /manifest.webmanifest opens the owner's dashboard).
 */
export async function buildStoreManifest(ctx: Pick<AppContext, 'db' | 'config'>, tenant: Tenant) {
  const b = await requirePublicBusiness(ctx, tenant.businessName);
  const [row] = await ctx.db
    .select({ theme: businesses.theme, description: businesses.description, displayName: businesses.displayName })
    .from(businesses)
    .where(eq(businesses.id, b.id));
  const palette = palettes[isTheme(row?.theme) ? row.theme : ''];
  // as its owner wrote it (decision 047)
  const name = row?.displayName ?? b.businessName;
  const home = storePath(b.businessName, '/home', tenant.onOwnDomain);
  return {
    id: home,
    name,
    short_name: name,
    description: row?.description.trim() || specTexts.defaultDescription,
    start_url: home,
    scope: storePath(b.businessName, '/', tenant.onOwnDomain),
    display: 'standalone',
    background_color: palette.background,
    theme_color: palette.primary,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
