import type { MediaCategory } from '@stashblog/contract/media';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { businesses } from '../db/schema/businesses.ts';
import { catalogueProducts, catalogues } from '../db/schema/catalogues.ts';
import { products } from '../db/schema/products.ts';
import { cataloguesWritten, changePublicContent, productsWritten } from '../db/tenant-writes.ts';
import { runDueJobs } from '../jobs/worker.ts';
import { createBusiness } from '../modules/businesses/businesses.service.ts';
import { storeImage } from '../modules/media/media.service.ts';
import content from './demo-content.json' with { type: 'json' };
import { drawingSchema, groupPicture, logoPicture, productPicture } from './demo-images.ts';

// Demo data for `npm start` on an empty database and `npm run cli -- seed-demo`.
// Sign in as demo@stashblog.test / demo-password-1 (Lotus Handicrafts) or
// spice@stashblog.test / demo-password-1 (Spice Route Exports).
export const demoPassword = 'demo-password-1';

const demoProduct = z.object({
  name: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  price: z.number(),
  units: z.number().int(),
  promoted: z.boolean().optional(),
  /** How many pictures: each is drawn and processed as an upload would be, which is most of the seed's time. */
  views: z.union([z.literal(1), z.literal(2)]).default(2),
  description: z.string(),
  specifications: z.array(z.string()),
  picture: drawingSchema,
});
/** Indexes into the business's products: what a banner or About Us picture shows, what a catalogue holds. */
const productIndexes = z.array(z.number().int().nonnegative());
const demoBusiness = z.object({
  businessName: z.string(),
  name: z.string(),
  email: z.string(),
  address: z.string(),
  phoneNo: z.string(),
  about: z.array(z.string()),
  links: z.partialRecord(
    z.enum(['facebookLink', 'instagramLink', 'pinterestLink', 'linkedInLink', 'youtubeChannelLink', 'websiteLink']),
    z.string(),
  ),
  logo: z.object({ motif: z.enum(['lotus', 'anise']), body: z.string(), accent: z.string() }),
  backdrop: z.string(),
  banners: z.array(productIndexes),
  aboutImages: z.array(productIndexes),
  disclaimer: z.string(),
  products: z.array(demoProduct),
  // every demo catalogue is public; the first is promoted
  catalogues: z.array(z.object({ name: z.string(), description: z.string(), members: productIndexes })),
});
/** The demo shops: names, texts, prices and how each product is drawn live in demo-content.json. */
export const demoContent = z.object({ businesses: z.array(demoBusiness) }).parse(content).businesses;
type DemoBusiness = (typeof demoContent)[number];

/**
 * The pictures of one business, drawn and stored through the media service (as an upload is) all at
 * once: the image queue bounds the work to the machine's cores.
 */
async function storePictures(ctx: AppContext, businessId: string, demo: DemoBusiness) {
  const store = (category: MediaCategory, name: string) => async (data: Buffer) => storeImage(ctx, { businessId, category, name, data });
  const group = (indexes: number[], seed: string, size: { width: number; height: number }) =>
    groupPicture(
      indexes.map((i) => demo.products[i]!.picture),
      demo.backdrop,
      seed,
      size,
    );
  const [logo, banners, images, products] = await Promise.all([
    logoPicture(demo.logo.motif, demo.logo).then(store('logo', 'logo.png')),
    Promise.all(
      demo.banners.map((set, i) =>
        group(set, `${demo.businessName}-banner-${i}`, { width: 1280, height: 720 }).then(store('homeBanners', `banner-${i}.jpg`)),
      ),
    ),
    Promise.all(
      demo.aboutImages.map((set, i) =>
        group(set, `${demo.businessName}-about-${i}`, { width: 960, height: 540 }).then(store('aboutUsBanners', `about-${i}.jpg`)),
      ),
    ),
    Promise.all(
      demo.products.map((p) =>
        Promise.all(
          [0, 1].slice(0, p.views).map((v) => productPicture(p.picture, v, p.name).then(store('products', `${p.name}-${v}.jpg`))),
        ),
      ),
    ),
  ]);
  return { logo, banners, images, products };
}

export async function seedDemo(ctx: AppContext, log: (msg: string) => void): Promise<void> {
  const started = performance.now();
  for (const demo of demoContent) {
    const { id: businessId } = await createBusiness(ctx, {
      businessName: demo.businessName,
      name: demo.name,
      email: demo.email,
      password: demoPassword,
    });
    const pictures = await storePictures(ctx, businessId, demo);
    await changePublicContent(ctx.db, businessId, (tx) =>
      tx
        .update(businesses)
        .set({
          address: demo.address,
          phoneNo: demo.phoneNo,
          description: demo.about.join('\n\n'),
          ...demo.links,
          logo: pictures.logo,
          banners: pictures.banners,
          images: pictures.images,
          // a promoted profile (the showcases' Promoted Profiles)
          isPrimeUser: true,
        })
        .where(sql`${businesses.id} = ${businessId}`),
    );
    const now = Date.now();
    const productIds = demo.products.map(() => uuidv7());
    await ctx.db.insert(products).values(
      demo.products.map((p, i) => ({
        businessId,
        id: productIds[i]!,
        productName: p.name,
        itemNo: `${demo.businessName.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(3, '0')}`,
        description: p.description,
        category: p.category,
        tags: p.tags,
        images: pictures.products[i]!,
        specifications: p.specifications,
        disclaimers: [demo.disclaimer],
        pricePerUnit: p.price,
        totalUnits: p.units,
        isPublic: i !== demo.products.length - 1, // one private product per business, for private links
        isPromoted: p.promoted ?? false,
        // spread listing dates so date sorting shows something
        createdAt: new Date(now - (demo.products.length - i) * 3600_000),
      })),
    );
    await productsWritten(ctx.db, { businessId, ids: productIds });
    for (const [i, c] of demo.catalogues.entries()) {
      const catalogueId = uuidv7();
      await ctx.db.insert(catalogues).values({
        businessId,
        id: catalogueId,
        catalogueName: c.name,
        description: c.description,
        isPublic: true,
        isPromoted: i === 0,
        createdAt: new Date(now - (demo.catalogues.length - i) * 60_000),
      });
      await ctx.db
        .insert(catalogueProducts)
        .values(c.members.map((m, position) => ({ businessId, catalogueId, productId: productIds[m]!, position })));
      await cataloguesWritten(ctx.db, { businessId, ids: [catalogueId] });
    }
    log(
      `demo business '${demo.businessName}' seeded (${demo.products.length} products, ${demo.catalogues.length} catalogues); sign in as ${demo.email} / ${demoPassword}`,
    );
  }
  // The images' WebP widths are `media:variants` jobs (decision 045): made now, so the demo shows
  // them whether or not a worker runs (the CLI, JOBS_WORKER=0, tests).
  await runDueJobs(ctx);
  log(`demo data seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** `npm start` seeds the demo on an empty database unless SEED_DEMO=0. */
export async function seedDemoIfEmpty(ctx: AppContext, log: (msg: string) => void): Promise<void> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(businesses);
  if ((row?.n ?? 0) > 0) return;
  log('empty database: seeding demo data (SEED_DEMO=0 to skip)');
  await seedDemo(ctx, log);
}
