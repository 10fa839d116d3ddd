import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../app-context.ts';
import { businesses } from '../db/schema/businesses.ts';
import { catalogueProducts, catalogues } from '../db/schema/catalogues.ts';
import { products } from '../db/schema/products.ts';
import { runDueJobs } from '../jobs/worker.ts';
import { createBusiness } from '../modules/businesses/businesses.service.ts';
import { storeImage } from '../modules/media/media.service.ts';
import { demoImage } from './demo-images.ts';

// Demo data for `npm start` on an empty database and `npm run cli -- seed-demo`.
// Sign in as demo@stashblog.test / demo-password-1 (Lotus Handicrafts) or
// spice@stashblog.test / demo-password-1 (Spice Route Exports).
export const demoPassword = 'demo-password-1';

type DemoProduct = { name: string; category: string; tags: string[]; price: number; units: number };
/** Members are indexes into the business's products; every demo catalogue is public. */
type DemoCatalogue = { name: string; description: string; members: number[] };

const demoBusinesses: {
  businessName: string;
  name: string;
  email: string;
  address: string;
  phoneNo: string;
  description: string;
  products: DemoProduct[];
  catalogues: DemoCatalogue[];
}[] = [
  {
    businessName: 'lotus-handicrafts',
    name: 'Asha Menon',
    email: 'demo@stashblog.test',
    address: '14 Artisan Lane, Jaipur, Rajasthan 302001',
    phoneNo: '9876543210',
    description: 'Hand-made decor, textiles and pottery from artisan families across Rajasthan.',
    products: [
      { name: 'Blue pottery vase', category: 'Pottery', tags: ['blue pottery', 'vase', 'jaipur'], price: 1450, units: 40 },
      { name: 'Terracotta planter set', category: 'Pottery', tags: ['terracotta', 'planter', 'garden'], price: 899, units: 75 },
      { name: 'Hand-painted serving bowl', category: 'Pottery', tags: ['bowl', 'kitchen', 'hand painted'], price: 650, units: 120 },
      { name: 'Block print cotton quilt', category: 'Textiles', tags: ['block print', 'quilt', 'cotton'], price: 3200, units: 25 },
      { name: 'Bandhani silk dupatta', category: 'Textiles', tags: ['bandhani', 'silk', 'dupatta'], price: 2100, units: 60 },
      { name: 'Embroidered cushion covers', category: 'Textiles', tags: ['cushion', 'embroidery', 'set of 5'], price: 1199, units: 90 },
      { name: 'Brass diya lamp', category: 'Home Decor', tags: ['brass', 'diya', 'festive'], price: 540, units: 200 },
      { name: 'Carved wooden elephant', category: 'Home Decor', tags: ['wood', 'elephant', 'carving'], price: 1800, units: 30 },
      { name: 'Mirror work wall hanging', category: 'Home Decor', tags: ['mirror work', 'wall art'], price: 990, units: 45 },
      { name: 'Marble inlay coaster set', category: 'Home Decor', tags: ['marble', 'inlay', 'coasters'], price: 1250, units: 80 },
      { name: 'Kundan drop earrings', category: 'Jewellery', tags: ['kundan', 'earrings', 'bridal'], price: 2750, units: 35 },
      { name: 'Oxidised silver bangles', category: 'Jewellery', tags: ['oxidised', 'bangles', 'silver'], price: 1350, units: 70 },
      { name: 'Lac bead necklace', category: 'Jewellery', tags: ['lac', 'necklace', 'beads'], price: 820, units: 55 },
      { name: 'Jute tote bag', category: 'Textiles', tags: ['jute', 'bag', 'eco'], price: 450, units: 300 },
    ],
    catalogues: [
      // More than one wide page (10), so the catalogue page scrolls into a second page.
      {
        name: 'festive picks',
        description: 'Gifts and decor for Diwali, weddings and every celebration in between, hand-made in Rajasthan.',
        members: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      },
      {
        name: 'pottery and textiles',
        description: 'Blue pottery, terracotta and block-printed textiles.',
        members: [0, 1, 2, 3, 4, 5, 13],
      },
    ],
  },
  {
    businessName: 'spice-route-exports',
    name: 'Ravi Kumar',
    email: 'spice@stashblog.test',
    address: '7 Harbour Road, Kochi, Kerala 682001',
    phoneNo: '9123456780',
    description: 'Exporters of Kerala spices, estate teas and dry fruits since 1998.',
    products: [
      { name: 'Malabar black pepper', category: 'Spices', tags: ['pepper', 'whole', 'malabar'], price: 780, units: 500 },
      { name: 'Green cardamom 8mm', category: 'Spices', tags: ['cardamom', 'green', 'bold'], price: 2600, units: 250 },
      { name: 'Ceylon cinnamon sticks', category: 'Spices', tags: ['cinnamon', 'sticks'], price: 940, units: 300 },
      { name: 'Turmeric powder', category: 'Spices', tags: ['turmeric', 'powder', 'curcumin'], price: 320, units: 800 },
      { name: 'Whole cloves', category: 'Spices', tags: ['cloves', 'whole'], price: 1150, units: 220 },
      { name: 'Nilgiri orange pekoe tea', category: 'Tea', tags: ['nilgiri', 'black tea', 'loose leaf'], price: 560, units: 400 },
      { name: 'Assam CTC tea', category: 'Tea', tags: ['assam', 'ctc', 'strong'], price: 410, units: 650 },
      { name: 'Darjeeling first flush', category: 'Tea', tags: ['darjeeling', 'first flush', 'premium'], price: 1900, units: 120 },
      { name: 'Masala chai blend', category: 'Tea', tags: ['masala', 'chai', 'blend'], price: 480, units: 350 },
      { name: 'W240 cashew kernels', category: 'Dry Fruits', tags: ['cashew', 'w240', 'export grade'], price: 1050, units: 600 },
      { name: 'Kashmiri almonds', category: 'Dry Fruits', tags: ['almonds', 'kashmir'], price: 1400, units: 280 },
      { name: 'Golden raisins', category: 'Dry Fruits', tags: ['raisins', 'golden'], price: 390, units: 700 },
    ],
    catalogues: [
      {
        name: 'kerala spice box',
        description: 'Whole spices, estate teas and dry fruits packed for export.',
        members: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      },
      { name: 'tea time', description: 'Estate teas from the Nilgiris, Assam and Darjeeling, and our masala chai.', members: [5, 6, 7, 8] },
    ],
  },
];

export async function seedDemo(ctx: AppContext, log: (msg: string) => void): Promise<void> {
  for (const demo of demoBusinesses) {
    const { id: businessId } = await createBusiness(ctx, {
      businessName: demo.businessName,
      name: demo.name,
      email: demo.email,
      password: demoPassword,
    });
    const banners = [];
    for (let i = 0; i < 3; i++) {
      const data = await demoImage(demo.businessName.replace(/-/g, ' '), i, { width: 1600, height: 900 });
      banners.push(await storeImage(ctx, { businessId, category: 'homeBanners', name: `banner-${i}.png`, data }));
    }
    await ctx.db
      .update(businesses)
      .set({ address: demo.address, phoneNo: demo.phoneNo, description: demo.description, banners, images: banners.slice(0, 2) })
      .where(sql`${businesses.id} = ${businessId}`);
    const now = Date.now();
    const productIds: string[] = [];
    for (const [i, p] of demo.products.entries()) {
      const images = [];
      for (let v = 0; v < 2; v++) {
        const data = await demoImage(p.name, v);
        images.push(await storeImage(ctx, { businessId, category: 'products', name: `${p.name}-${v}.png`, data }));
      }
      const id = uuidv7();
      productIds.push(id);
      await ctx.db.insert(products).values({
        businessId,
        id,
        productName: p.name,
        itemNo: `${demo.businessName.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(3, '0')}`,
        description: `${p.name} from ${demo.name}'s workshop. ${demo.description} Packed carefully and shipped across India and abroad.`,
        category: p.category,
        tags: p.tags,
        images,
        specifications: [`Category: ${p.category}`, 'Made in India', 'Ships in 3-5 days'],
        disclaimers: ['Colours may vary slightly from the photographs.'],
        pricePerUnit: p.price,
        totalUnits: p.units,
        isPublic: i !== demo.products.length - 1, // one private product per business, for private links
        isPromoted: i % 4 === 0,
        // spread listing dates so date sorting shows something
        createdAt: new Date(now - (demo.products.length - i) * 3600_000),
      });
    }
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
        .values(c.members.map((m, position) => ({ businessId, catalogueId, productId: productIds[m], position })));
    }
    log(
      `demo business '${demo.businessName}' seeded (${demo.products.length} products, ${demo.catalogues.length} catalogues); sign in as ${demo.email} / ${demoPassword}`,
    );
  }
  // The images' WebP widths are `media:variants` jobs (decision 045): made now, so the demo shows
  // them whether or not a worker runs (the CLI, JOBS_WORKER=0, tests).
  await runDueJobs(ctx);
}

/** `npm start` seeds the demo on an empty database unless SEED_DEMO=0. */
export async function seedDemoIfEmpty(ctx: AppContext, log: (msg: string) => void): Promise<void> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(businesses);
  if ((row?.n ?? 0) > 0) return;
  log('empty database: seeding demo data (SEED_DEMO=0 to skip)');
  await seedDemo(ctx, log);
}
