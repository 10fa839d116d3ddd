import { eq, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../src/app-context.ts';
import { businesses } from '../src/db/schema/businesses.ts';
import { catalogues } from '../src/db/schema/catalogues.ts';
import { products } from '../src/db/schema/products.ts';
import { cataloguesWritten, changePublicContent, productsWritten } from '../src/db/tenant-writes.ts';

// Test data for the storefront tests, written straight to the tables so these tests do not depend
// on the products and catalogues APIs (with what every write does besides, src/db/tenant-writes.ts).
type Ctx = Pick<AppContext, 'db'>;

export async function addProduct(
  ctx: Ctx,
  businessId: string,
  p: { name?: string; category?: string; images?: number; isPublic?: boolean; isBlocked?: boolean; createdAt?: Date } = {},
) {
  const id = uuidv7();
  const images = Array.from({ length: p.images ?? 1 }, () => uuidv7());
  await ctx.db.insert(products).values({
    businessId,
    id,
    productName: p.name ?? `Product ${id.slice(-6)}`,
    description: 'A fine thing',
    category: p.category ?? 'Pottery',
    images,
    isPublic: p.isPublic ?? true,
    isBlocked: p.isBlocked ?? false,
    createdAt: p.createdAt ?? new Date(),
  });
  await productsWritten(ctx.db, { businessId, ids: [id] });
  return { id, images };
}

export async function addCatalogue(ctx: Ctx, businessId: string, c: { isPublic?: boolean; isBlocked?: boolean } = {}) {
  const id = uuidv7();
  await ctx.db.insert(catalogues).values({
    businessId,
    id,
    catalogueName: `Catalogue ${id.slice(-6)}`,
    description: 'Things together',
    isPublic: c.isPublic ?? true,
    isBlocked: c.isBlocked ?? false,
  });
  await cataloguesWritten(ctx.db, { businessId, ids: [id] });
  return { id };
}

export async function updateBusiness(ctx: Ctx, businessId: string, set: Partial<typeof businesses.$inferInsert>) {
  await changePublicContent(ctx.db, businessId, (tx) => tx.update(businesses).set(set).where(eq(businesses.id, businessId)));
}

type Written = { businessId: string; id: string }[];
function byBusiness(rows: Written): Map<string, Written> {
  const groups = new Map<string, Written>();
  for (const r of rows) groups.set(r.businessId, [...(groups.get(r.businessId) ?? []), r]);
  return groups;
}

/** Updates product rows straight in the table, then does what every product write does besides. */
export async function updateProductRows(ctx: Ctx, where: SQL | undefined, set: Partial<typeof products.$inferInsert>) {
  const rows = await ctx.db.update(products).set(set).where(where).returning({ businessId: products.businessId, id: products.id });
  for (const [businessId, of] of byBusiness(rows)) await productsWritten(ctx.db, { businessId, ids: of.map((r) => r.id) });
}

/** Updates catalogue rows straight in the table, then does what every catalogue write does besides. */
export async function updateCatalogueRows(ctx: Ctx, where: SQL | undefined, set: Partial<typeof catalogues.$inferInsert>) {
  const rows = await ctx.db.update(catalogues).set(set).where(where).returning({ businessId: catalogues.businessId, id: catalogues.id });
  for (const [businessId, of] of byBusiness(rows)) await cataloguesWritten(ctx.db, { businessId, ids: of.map((r) => r.id) });
}
