import type {
  AdminFetchAllCataloguesQuery,
  AdminFetchCatalogueProductsQuery,
  Catalogue,
  CatalogueInputParsed,
  CatalogueList,
  CatalogueProductList,
  CreateCatalogueBodyParsed,
} from '@stashblog/contract/catalogues';
import { isUuid } from '@stashblog/contract/ids';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import type { Placement } from '@stashblog/contract/visibility-texts';
import { and, count, eq, getTableColumns, inArray, not, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogueProducts, catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';
import { cataloguesWritten, changePublicContent } from '../../db/tenant-writes.ts';
import { AppError } from '../../http/app-error.ts';
import { itemShowsIn, placementOf } from '../businesses/visibility.ts';
import { toProduct } from '../products/product-view.ts';
import { type CatalogueRow, membersOf, toCatalogue } from './catalogue-view.ts';
import { sortOrder } from './sort-order.ts';

type Ctx = Pick<AppContext, 'db'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const ownCatalogue = (businessId: string, id: string) => and(eq(catalogues.businessId, businessId), eq(catalogues.id, id));

// The owner's business name comes with each read: every catalogue and product view carries it.
const withBusinessName = { ...getTableColumns(catalogues), businessName: businesses.businessName };
const byBusiness = eq(businesses.id, catalogues.businessId);

/** One of the owner's catalogues, or 404 (foreign, unknown and malformed ids look the same). */
async function requireOwnCatalogue(db: Database | Tx, businessId: string, id: string): Promise<CatalogueRow & { businessName: string }> {
  if (!isUuid(id)) throw AppError.notFound(serverTexts.catalogueNotFound);
  const [row] = await db.select(withBusinessName).from(catalogues).innerJoin(businesses, byBusiness).where(ownCatalogue(businessId, id));
  if (!row) throw AppError.notFound(serverTexts.catalogueNotFound);
  return row;
}

// Only the owner's own products may be members; anything else answers 404 before anything is written.
async function requireOwnProducts(db: Database | Tx, businessId: string, ids: string[]) {
  if (!ids.every(isUuid)) throw AppError.notFound(serverTexts.productNotFound);
  const [{ n }] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
  if (n !== ids.length) throw AppError.notFound(serverTexts.productNotFound);
}

async function setMembers(tx: Tx, businessId: string, catalogueId: string, ids: string[]) {
  await tx
    .delete(catalogueProducts)
    .where(and(eq(catalogueProducts.businessId, businessId), eq(catalogueProducts.catalogueId, catalogueId)));
  await tx.insert(catalogueProducts).values(ids.map((productId, position) => ({ businessId, catalogueId, productId, position })));
}

async function ownerView(db: Database | Tx, businessId: string, id: string): Promise<Catalogue> {
  const [r] = await db
    .select({ c: catalogues, members: membersOf('owner'), businessName: businesses.businessName })
    .from(catalogues)
    .innerJoin(businesses, byBusiness)
    .where(ownCatalogue(businessId, id));
  if (!r) throw AppError.notFound(serverTexts.catalogueNotFound);
  return toCatalogue(r.c, r.members, r.businessName);
}

/** POST create: public or private as the call says; a call that does not say makes it private (decision 046). */
export async function createCatalogue(
  ctx: Ctx,
  { businessId, input }: { businessId: string; input: CreateCatalogueBodyParsed },
): Promise<{ catalogue: Catalogue; placement: Placement }> {
  const id = uuidv7();
  const { catalogueName, description, isPublic } = input;
  const placement = await ctx.db.transaction(async (tx) => {
    await requireOwnProducts(tx, businessId, input.products);
    await tx.insert(catalogues).values({ businessId, id, catalogueName, description, isPublic });
    await setMembers(tx, businessId, id, input.products);
    await cataloguesWritten(tx, { businessId, ids: [id] });
    return placementOf(tx, { businessId, kind: 'catalogue', isPublic });
  });
  return { catalogue: await ownerView(ctx.db, businessId, id), placement };
}

export async function updateCatalogue(
  ctx: Ctx,
  { businessId, id, input }: { businessId: string; id: string; input: CatalogueInputParsed },
): Promise<Catalogue> {
  await ctx.db.transaction(async (tx) => {
    await requireOwnCatalogue(tx, businessId, id);
    await requireOwnProducts(tx, businessId, input.products);
    await tx
      .update(catalogues)
      .set({ catalogueName: input.catalogueName, description: input.description, updatedAt: new Date() })
      .where(ownCatalogue(businessId, id));
    await setMembers(tx, businessId, id, input.products);
    await cataloguesWritten(tx, { businessId, ids: [id] });
  });
  return ownerView(ctx.db, businessId, id);
}

export async function deleteCatalogue(ctx: Ctx, { businessId, id }: { businessId: string; id: string }) {
  await requireOwnCatalogue(ctx.db, businessId, id);
  // Members go with it (cascade); leads keep their copied catalogue name.
  await changePublicContent(ctx.db, businessId, (tx) => tx.delete(catalogues).where(ownCatalogue(businessId, id)));
  return { id };
}

export async function fetchCatalogue(ctx: Ctx, { businessId, id }: { businessId: string; id: string }): Promise<{ catalogue: Catalogue }> {
  if (!isUuid(id)) throw AppError.notFound(serverTexts.catalogueNotFound);
  return { catalogue: await ownerView(ctx.db, businessId, id) };
}

export async function fetchAllCatalogues(
  ctx: Ctx,
  { businessId, query }: { businessId: string; query: AdminFetchAllCataloguesQuery },
): Promise<CatalogueList> {
  const conditions: SQL[] = [eq(catalogues.businessId, businessId)];
  if (query.isPromoted !== undefined) conditions.push(eq(catalogues.isPromoted, query.isPromoted));
  if (query.catalogueName) conditions.push(sql`${catalogues.catalogueName} ilike ${`%${escapeLike(query.catalogueName)}%`}`);
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ c: catalogues, members: membersOf('owner'), businessName: businesses.businessName })
      .from(catalogues)
      .innerJoin(businesses, byBusiness)
      .where(where)
      .orderBy(...sortOrder(query.sort, { createdAt: catalogues.createdAt, name: catalogues.catalogueName, id: catalogues.id }))
      .limit(query.perPage)
      .offset((query.pageNo - 1) * query.perPage),
    ctx.db.select({ total: count() }).from(catalogues).where(where),
  ]);
  return { catalogues: rows.map((r) => toCatalogue(r.c, r.members, r.businessName)), count: total };
}

/** Member products of one of the owner's catalogues, private and blocked ones included. */
export async function fetchCatalogueProducts(
  ctx: Ctx,
  { businessId, query }: { businessId: string; query: AdminFetchCatalogueProductsQuery },
): Promise<CatalogueProductList> {
  const { businessName } = await requireOwnCatalogue(ctx.db, businessId, query.id);
  return listMembers(ctx.db, { businessId, businessName, catalogueId: query.id, ...query }, 'owner');
}

export async function listMembers(
  db: Database,
  q: {
    businessId: string;
    businessName: string;
    catalogueId: string;
    sort: AdminFetchCatalogueProductsQuery['sort'];
    perPage: number;
    pageNo: number;
  },
  viewer: 'owner' | 'public',
): Promise<CatalogueProductList> {
  const conditions: SQL[] = [eq(catalogueProducts.businessId, q.businessId), eq(catalogueProducts.catalogueId, q.catalogueId)];
  if (viewer === 'public') conditions.push(itemShowsIn('product', sql`${products}`, sql`${q.businessId}::uuid`));
  const where = and(...conditions);
  const join = and(eq(products.businessId, catalogueProducts.businessId), eq(products.id, catalogueProducts.productId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ p: products })
      .from(catalogueProducts)
      .innerJoin(products, join)
      .where(where)
      .orderBy(...sortOrder(q.sort, { createdAt: products.createdAt, name: products.productName, id: products.id }))
      .limit(q.perPage)
      .offset((q.pageNo - 1) * q.perPage),
    db.select({ total: count() }).from(catalogueProducts).innerJoin(products, join).where(where),
  ]);
  return { products: rows.map((r) => toProduct(r.p, q.businessName)), count: total };
}

async function requireUnblocked(ctx: Ctx, businessId: string, id: string) {
  const row = await requireOwnCatalogue(ctx.db, businessId, id);
  if (row.isBlocked) throw AppError.forbidden(specTexts.catalogueBlocked);
  return row;
}

export async function updateCatalogueStatus(ctx: Ctx, { businessId, id }: { businessId: string; id: string }) {
  await requireUnblocked(ctx, businessId, id);
  const [r] = await changePublicContent(ctx.db, businessId, (tx) =>
    tx
      .update(catalogues)
      .set({ isPublic: not(catalogues.isPublic), updatedAt: new Date() })
      .where(ownCatalogue(businessId, id))
      .returning({ status: catalogues.isPublic }),
  );
  return { status: r.status, message: r.status ? serverTexts.cataloguePublic : serverTexts.cataloguePrivate };
}

export async function promoteCatalogue(ctx: Ctx, { businessId, id }: { businessId: string; id: string }) {
  await requireUnblocked(ctx, businessId, id);
  const [r] = await changePublicContent(ctx.db, businessId, (tx) =>
    tx
      .update(catalogues)
      .set({ isPromoted: not(catalogues.isPromoted), updatedAt: new Date() })
      .where(ownCatalogue(businessId, id))
      .returning({ status: catalogues.isPromoted }),
  );
  return { status: r.status, message: r.status ? serverTexts.cataloguePromoted : serverTexts.catalogueDemoted };
}

/**
 * SPEC Settings tile: flips the business's "All catalogues" switch, a layer above each catalogue's own Public/Private
 * state (businesses/visibility.ts, decision 036): no catalogue is rewritten. The business's content version moves in
 * the same transaction, so cached public pages drop.
 */
export async function updateAllCataloguesStatus(ctx: Ctx, { businessId }: { businessId: string }) {
  const [b] = await changePublicContent(ctx.db, businessId, (tx) =>
    tx
      .update(businesses)
      .set({ isAllCataloguesActive: not(businesses.isAllCataloguesActive), updatedAt: new Date() })
      .where(eq(businesses.id, businessId))
      .returning({ status: businesses.isAllCataloguesActive }),
  );
  if (!b) throw AppError.unauthorised();
  const { status } = b;
  return { status, message: status ? serverTexts.allCataloguesActive : serverTexts.allCataloguesInactive };
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
