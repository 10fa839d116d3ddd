import { buffer } from 'node:stream/consumers';
import { cataloguePath, mediaKeyFromUrl, productPath, storePath } from '@stashblog/contract/paths';
import { type CardContent, type CardKind, cardVersion, catalogueCardContent, productCardContent } from '@stashblog/contract/share';
import type { CardQuery, PosterQuery } from '@stashblog/contract/share-schemas';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../http/app-error.ts';
import { fetchPublicCatalogue } from '../catalogues/public-catalogues.service.ts';
import { fetchPublicProduct } from '../products/products.service.ts';
import { storeOrigin } from '../seo/seo.service.ts';
import { fetchPublicProfile } from '../storefront/storefront.service.ts';
import { drawCard } from './card-drawing.ts';
import { drawPoster } from './poster-drawing.ts';

type Ctx = Pick<AppContext, 'db' | 'blobs' | 'config'>;

// Share cards are drawn on first request and kept in the blob store under their content version
// (docs/decisions/060-share-cards.md): the version is a hash of everything the card shows, the
// page names it in its og:image URL, so a changed item, logo, name or theme is a new URL and a new
// card, and a kept card never goes stale.

/** What one public item's card shows, read as its page reads it; 404 for anything visitors may not see. */
async function cardContent(ctx: Ctx, kind: CardKind, { businessName, id }: { businessName: string; id: string }): Promise<CardContent> {
  const key = { businessName: businessName.toLowerCase(), id };
  if (kind === 'product') {
    const [product, profile] = await Promise.all([fetchPublicProduct(ctx, key), fetchPublicProfile(ctx, key)]);
    return productCardContent(product, profile);
  }
  const [{ catalogue }, profile] = await Promise.all([fetchPublicCatalogue(ctx, key), fetchPublicProfile(ctx, key)]);
  return catalogueCardContent(catalogue, profile);
}

/** The JPEG of one of our stored images by its URL (`/media/<id>/image.jpg`); null when it is not there. */
async function storedImage(ctx: Pick<AppContext, 'blobs'>, url: string | null): Promise<Buffer | null> {
  const key = url ? mediaKeyFromUrl(url) : null;
  const stored = key ? await ctx.blobs.get(`${key}/image.jpg`) : null;
  return stored ? buffer(stored.body) : null;
}

// Drawing takes a core for a few tenths of a second: at most two at once per process, and one
// drawing per card however many crawlers ask for it together.
const maxDrawing = 2;
let drawing = 0;
const waiting: (() => void)[] = [];
const inFlight = new Map<string, Promise<Buffer>>();

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (drawing >= maxDrawing) await new Promise<void>((resolve) => waiting.push(resolve));
  drawing++;
  try {
    return await work();
  } finally {
    drawing--;
    waiting.shift()?.();
  }
}

async function drawAndKeep(ctx: Ctx, content: CardContent, folder: string, key: string): Promise<Buffer> {
  const [photos, logo] = await Promise.all([Promise.all(content.images.map((u) => storedImage(ctx, u))), storedImage(ctx, content.logo)]);
  const png = await bounded(() => drawCard(content, { photos: photos.filter((p): p is Buffer => p !== null), logo }));
  // Older versions of this card are never named again by a page: drop them, keep this one.
  await ctx.blobs.deletePrefix(folder);
  await ctx.blobs.put(key, png, { contentType: 'image/png', cacheControl: 'public, max-age=31536000, immutable' });
  return png;
}

/**
 * GET /public/cards/{kind}: the item's current card and whether `v` named it (`current`): a page
 * rendered before the last change asks with the old version and gets today's card, briefly cached.
 */
export async function fetchCard(ctx: Ctx, { kind, ...query }: CardQuery & { kind: CardKind }): Promise<{ png: Buffer; current: boolean }> {
  const content = await cardContent(ctx, kind, query);
  const version = cardVersion(content);
  const folder = `cards/${kind}/${query.id.toLowerCase()}/`;
  const key = `${folder}${version}.png`;
  const kept = await ctx.blobs.get(key);
  let png: Buffer;
  if (kept) png = await buffer(kept.body);
  else {
    const pending = inFlight.get(key) ?? drawAndKeep(ctx, content, folder, key).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
    png = await pending;
  }
  return { png, current: query.v === version };
}

/**
 * GET /userAdmin/posters/download: the owner's printable poster for the store or one of its public
 * products or catalogues (another business's or a private item: 404). Its QR code holds the page's
 * canonical URL: on the verified custom domain when there is one (docs/decisions/061-qr-posters.md).
 */
export async function makePoster(ctx: Ctx, { businessId, target, id, size }: PosterQuery & { businessId: string }): Promise<Buffer> {
  const [b] = await ctx.db
    .select({ businessName: businesses.businessName, displayName: businesses.displayName, domain: businesses.domain })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!b) throw AppError.notFound();
  // A store visitors cannot open gets no poster either (fetchPublicProfile: 404).
  const profile = await fetchPublicProfile(ctx, { businessName: b.businessName });
  const onOwnDomain = b.domain !== null;
  const key = { businessName: b.businessName, id };
  let path = storePath(b.businessName, '/home', onOwnDomain);
  let title: string | null = null;
  if (target === 'product') {
    const product = await fetchPublicProduct(ctx, key);
    path = productPath(b.businessName, product._id, onOwnDomain);
    title = product.productName;
  } else if (target === 'catalogue') {
    const { catalogue } = await fetchPublicCatalogue(ctx, key);
    path = cataloguePath(b.businessName, catalogue._id, onOwnDomain);
    title = catalogue.catalogueName;
  }
  const url = `${storeOrigin(ctx, b.domain, onOwnDomain)}${path}`;
  const logo = await storedImage(ctx, profile.logo);
  return bounded(() => drawPoster({ url, shop: b.displayName, theme: profile.theme, title, logo, size }));
}
