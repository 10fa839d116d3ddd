import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';

// Test data for the storefront tests, written straight to the tables so these tests do not depend
// on the products and catalogues APIs.
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
  return { id };
}

export async function updateBusiness(ctx: Ctx, businessId: string, set: Partial<typeof businesses.$inferInsert>) {
  await ctx.db.update(businesses).set(set).where(eq(businesses.id, businessId));
}
