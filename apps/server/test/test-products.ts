import { v7 as uuidv7 } from 'uuid';
import { products } from '../src/db/schema/products.ts';
import { productsWritten } from '../src/db/tenant-writes.ts';
import type { TestApp } from './test-app.ts';

export type ProductSpec = {
  productName: string;
  category?: string;
  tags?: string[];
  images?: string[];
  isPublic?: boolean;
  isBlocked?: boolean;
};

let clock = Date.UTC(2024, 0, 1);

/** Inserts products straight into the table (and what every product write does besides), each a second newer than the last (date sorts are deterministic). */
export async function insertProducts(app: TestApp, businessId: string, specs: ProductSpec[]): Promise<string[]> {
  const rows = specs.map((s) => {
    clock += 1000;
    return {
      businessId,
      id: uuidv7(),
      productName: s.productName,
      description: `About ${s.productName}`,
      category: s.category ?? 'general',
      tags: s.tags ?? [],
      images: s.images ?? [uuidv7()],
      isPublic: s.isPublic ?? true,
      isBlocked: s.isBlocked ?? false,
      createdAt: new Date(clock),
    };
  });
  await app.ctx.db.insert(products).values(rows);
  await productsWritten(app.ctx.db, { businessId, ids: rows.map((r) => r.id) });
  return rows.map((r) => r.id);
}
