import type { SearchPayload } from '@stashblog/contract/search';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { catalogueProducts, catalogues } from '../src/db/schema/catalogues.ts';
import { products } from '../src/db/schema/products.ts';
import { cataloguesWritten, productsWritten } from '../src/db/tenant-writes.ts';
import { updateBusiness } from './storefront-fixtures.ts';
import type { TestApp } from './test-app.ts';

// Test data and requests for the search tests (modules/search/*.test.ts), written straight to the tables. Every
// search a test reads (found) runs twice over HTTP: with the planner steered and on the plain path (decision 054),
// and both must answer the same items in the same order with the same counts.

export type ProductSpec = {
  productName: string;
  description?: string;
  category?: string;
  tags?: string[];
  isPublic?: boolean;
  isBlocked?: boolean;
  images?: string[];
  /** When it was created; by default a second after the item inserted before. */
  createdAt?: Date;
};

export function searchFixtures(app: TestApp) {
  // Each item is a second newer than the one before.
  let clock = Date.UTC(2024, 0, 1);

  async function insert(businessId: string, specs: ProductSpec[]) {
    const rows = specs.map((s) => {
      clock += 1000;
      return {
        businessId,
        id: uuidv7(),
        productName: s.productName,
        description: s.description ?? 'Plain item',
        category: s.category ?? 'general',
        tags: s.tags ?? [],
        images: s.images ?? [uuidv7()],
        isPublic: s.isPublic ?? true,
        isBlocked: s.isBlocked ?? false,
        createdAt: s.createdAt ?? new Date(clock),
      };
    });
    // In statements of 2,000 rows: PostgreSQL takes at most 65,535 parameters in one.
    for (let i = 0; i < rows.length; i += 2000) {
      const chunk = rows.slice(i, i + 2000);
      await app.ctx.db.insert(products).values(chunk);
      await productsWritten(app.ctx.db, { businessId, ids: chunk.map((r) => r.id) });
    }
    return Object.fromEntries(rows.map((r) => [r.productName, r]));
  }

  async function insertCatalogue(
    businessId: string,
    catalogueName: string,
    members: { id: string }[],
    flags: { isPublic?: boolean; isBlocked?: boolean } = {},
  ) {
    clock += 1000;
    const id = uuidv7();
    await app.ctx.db.insert(catalogues).values({
      businessId,
      id,
      catalogueName,
      description: 'A set of things',
      isPublic: flags.isPublic ?? true,
      isBlocked: flags.isBlocked ?? false,
      createdAt: new Date(clock),
    });
    await app.ctx.db
      .insert(catalogueProducts)
      .values(members.map((m, position) => ({ businessId, catalogueId: id, productId: m.id, position })));
    await cataloguesWritten(app.ctx.db, { businessId, ids: [id] });
    return id;
  }

  function search(args: Record<string, string | number>) {
    const query = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)]));
    return app.inject({ method: 'GET', url: '/api/public/user/search', query });
  }

  async function payload(args: Record<string, string | number>): Promise<SearchPayload> {
    const res = await search(args);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe(201);
    return res.json().payload;
  }

  // Steered unless the database refuses steering (the citus extension): then the plain path alone.
  const steerable = app.ctx.searchPlanSteering;

  /** A search's payload, the same on the steered and the plain path. */
  async function found(args: Record<string, string | number>): Promise<SearchPayload> {
    const steered = await payload(args);
    app.ctx.searchPlanSteering = false;
    try {
      const plain = await payload(args);
      expect(plain, `the plain path for ${JSON.stringify(args)}`).toEqual(steered);
    } finally {
      app.ctx.searchPlanSteering = steerable;
    }
    return steered;
  }

  return { insert, insertCatalogue, search, found };
}

export const names = (p: SearchPayload) => p.searchedData.map((d) => d.productName ?? d.catalogueName);

/**
 * Three businesses with sofas (search.test.ts, search-paging.test.ts): 'search-a' (display name 'Search & Co. (A)')
 * with private, blocked and hidden items beside visible ones, 'search-b', and the blocked 'search-blocked'.
 */
export async function seedSofaShops(app: TestApp, fx: ReturnType<typeof searchFixtures>) {
  const a = await app.owner('search-a');
  await updateBusiness(app.ctx, a.businessId, { displayName: 'Search & Co. (A)' });
  const b = await app.owner('search-b');
  const blocked = await app.owner('search-blocked');
  await updateBusiness(app.ctx, blocked.businessId, { isBlocked: true });
  const seeded = await fx.insert(a.businessId, [
    { productName: 'Oak Table', description: 'Pairs well with any sofa in the room', category: 'furniture' },
    { productName: 'Reading Lamp', category: 'lighting', tags: ['sofa'] },
    { productName: 'Velvet Sofa', description: 'A deep three seat couch', category: 'furniture' },
    { productName: 'Private Sofa', isPublic: false },
    { productName: 'Blocked Sofa', isBlocked: true },
    { productName: 'Café Chair', category: 'furniture' },
    { productName: 'पीतल दीया', description: 'Brass lamp for Diwali', category: 'पूजा' },
    { productName: 'Garden Bench', category: 'outdoor', images: [] },
  ]);
  const b1 = await fx.insert(b.businessId, [{ productName: 'Sofa Bed' }, { productName: 'Bench Sofa' }, { productName: 'Plain Stool' }]);
  await fx.insert(blocked.businessId, [{ productName: 'Blocked Shop Sofa' }]);
  const { insertCatalogue } = fx;
  await insertCatalogue(a.businessId, 'Living Room Sofas', [seeded['Velvet Sofa'], seeded['Oak Table'], seeded['Private Sofa']]);
  await insertCatalogue(a.businessId, 'Hidden Sofa Set', [seeded['Velvet Sofa']], { isPublic: false });
  await insertCatalogue(a.businessId, 'Banned Sofa Set', [seeded['Velvet Sofa']], { isBlocked: true });
  await insertCatalogue(b.businessId, 'Other Sofas', Object.values(b1));
  return { a, seeded };
}
