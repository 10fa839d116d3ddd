import { isUuid } from '@stashblog/contract/ids';
import { mediaKeyFromUrl } from '@stashblog/contract/paths';
import {
  type AdminFetchAllQuery,
  type CreateProductBody,
  type CreateProductBodyParsed,
  type CreateProductResult,
  createProductBody,
  type FetchAllUsersQuery,
  type FetchCategoriesQuery,
  type FetchSuggestionsQuery,
  type Product,
  type ProductInputParsed,
  type ProductList,
  type ProductUpdate,
  type ProductUpdateParsed,
  type PublicFetchAllQuery,
  productUpdate,
  type UpdateProductResult,
} from '@stashblog/contract/products';
import { relevanceSort } from '@stashblog/contract/search-options';
import { serverTexts } from '@stashblog/contract/server-texts';
import { listingSort, type SortOption, sortOptions } from '@stashblog/contract/sort-options';
import { specTexts } from '@stashblog/contract/spec-texts';
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  fillPlaceholders,
  getTableColumns,
  ilike,
  inArray,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { privateLinks } from '../../db/schema/private-links.ts';
import { productJson } from '../../db/schema/product-json.ts';
import { products } from '../../db/schema/products.ts';
import { bumpContentVersions, changePublicContent, productsWritten } from '../../db/tenant-writes.ts';
import { AppError } from '../../http/app-error.ts';
import { businessIsPublic, businessShows, itemIsPublic, placementOf } from '../businesses/visibility.ts';
import { countUpToCap, directoryWindow } from '../directory/directory-paging.ts';
import { createUploadSlots, deleteMedia, type Queryable } from '../media/media.service.ts';
import { findMatches } from '../search/search-engine.ts';
import { tsqueryOf } from '../search/search-query.ts';
import { recordVisit, type Visitor } from '../visits/visits.service.ts';
import { type ProductRow, toProduct } from './product-view.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'blobs'>;
type Paging = { pageNo: number; perPage: number };

const { search: _search, ...productColumns } = getTableColumns(products);
const selection = { row: productColumns, businessName: businesses.businessName };

type Schema<T> = { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } };

function parseWith<T>(schema: Schema<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? 'Invalid product');
  return parsed.data;
}

function columnsOf(data: ProductInputParsed) {
  return {
    productName: data.productName,
    itemNo: data.itemNo,
    description: data.description,
    category: data.category,
    tags: data.tags,
    specifications: data.specifications,
    disclaimers: data.disclaimers,
    pricePerUnit: data.pricePerUnit ?? null,
    totalUnits: data.totalUnits ?? null,
    link: data.link,
  };
}

/** The columns an update carries; a field it does not carry (undefined) is left out, so the stored value stays. */
function carriedColumns(data: Partial<ProductUpdateParsed>): Partial<ReturnType<typeof columnsOf>> {
  const columns = {
    productName: data.productName,
    itemNo: data.itemNo,
    description: data.description,
    category: data.category,
    tags: data.tags,
    specifications: data.specifications,
    disclaimers: data.disclaimers,
    pricePerUnit: data.pricePerUnit,
    totalUnits: data.totalUnits,
    link: data.link,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/** Ties are broken by id so that paging never repeats or skips a product. */
function orderFor(sort: SortOption): SQL[] {
  const name = sql`lower(${products.productName})`;
  switch (sort) {
    case 'Date, old to new':
      return [asc(products.createdAt), asc(products.id)];
    case 'Alphabetically A-Z':
      return [asc(name), asc(products.id)];
    case 'Alphabetically Z-A':
      return [desc(name), desc(products.id)];
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

// Far past any real page; keeps a huge pageNo from overflowing the OFFSET parameter.
const maxOffset = 2 ** 31 - 1;

/** A page of products and their count; `capped`: the directory's, within its first searchCountCap items (directory-paging.ts). */
async function listPage(
  ctx: Pick<AppContext, 'db'>,
  where: SQL | undefined,
  { pageNo, perPage, sort }: Paging & { sort: SortOption },
  { capped = false } = {},
): Promise<ProductList> {
  const window = capped ? directoryWindow({ pageNo, perPage }) : { offset: Math.min((pageNo - 1) * perPage, maxOffset), limit: perPage };
  const joined = eq(businesses.id, products.businessId);
  const [rows, total] = await Promise.all([
    window.limit > 0
      ? ctx.db
          .select(selection)
          .from(products)
          .innerJoin(businesses, joined)
          .where(where)
          .orderBy(...orderFor(sort))
          .limit(window.limit)
          .offset(window.offset)
      : [],
    capped
      ? countUpToCap(ctx, ctx.db.select({ one: sql`1` }).from(products).innerJoin(businesses, joined).where(where))
      : ctx.db
          .select({ count: count() })
          .from(products)
          .innerJoin(businesses, joined)
          .where(where)
          .then(([r]) => ({ count: r?.count ?? 0 })),
  ]);
  return { products: rows.map((r) => toProduct(r.row, r.businessName)), ...total };
}

async function findOwned(db: Queryable, businessId: string, id: string, lock = false) {
  if (!isUuid(id)) return null;
  const query = db
    .select(selection)
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(and(eq(products.businessId, businessId), eq(products.id, id.toLowerCase())));
  const [found] = lock ? await query.for('update', { of: products }) : await query;
  return found ?? null;
}

async function requireOwned(db: Queryable, businessId: string, id: string, lock = false) {
  const found = await findOwned(db, businessId, id, lock);
  if (!found) throw AppError.notFound(serverTexts.productNotFound);
  return found;
}

// ---- owner calls (SPEC §7 Admin products) ----

/**
 * POST create: a product, public or private as the call says (private when it does not say, decision 046),
 * whose images are upload slots, one per file name, in order. `placement` says where it went.
 */
export async function createProduct(
  ctx: Ctx,
  { businessId, input }: { businessId: string; input: CreateProductBody },
): Promise<CreateProductResult> {
  const { isPublic, ...data } = parseWith<CreateProductBodyParsed>(createProductBody, input);
  const id = uuidv7();
  return ctx.db.transaction(async (tx) => {
    const slots = await createUploadSlots(ctx, { businessId, category: 'products', names: data.images, db: tx });
    await tx.insert(products).values({ businessId, id, ...columnsOf(data), isPublic, images: slots.ids });
    await productsWritten(tx, { businessId, ids: [id] });
    const created = await requireOwned(tx, businessId, id);
    return {
      product: toProduct(created.row, created.businessName),
      productImagesPreSignedUrls: slots.urls,
      placement: await placementOf(tx, { businessId, kind: 'product', isPublic }),
    };
  });
}

/** An entry of `images` that names one of the product's current images (path or absolute url). */
function currentImageKey(entry: string, current: string[]): string | null {
  let path = entry;
  if (/^https?:\/\//i.test(entry)) {
    try {
      path = new URL(entry).pathname;
    } catch {
      return null;
    }
  }
  const key = mediaKeyFromUrl(path)?.toLowerCase() ?? null;
  return key && current.includes(key) ? key : null;
}

/**
 * The images a save leaves a product with: `entries` (absent: every current image stays, in its
 * order) that name a current (or `attached`) image keep it, once; every other entry is a new file name. `place`
 * puts the new names' upload slot ids (in the order of `names`) where they go.
 */
function imagePlan(entries: string[] | undefined, current: string[], attached: string[] = []) {
  const plan: ({ keep: string } | { name: string })[] = entries === undefined ? current.map((keep) => ({ keep })) : [];
  for (const entry of entries ?? []) {
    const key = currentImageKey(entry, [...current, ...attached]);
    if (!key) plan.push({ name: entry });
    else if (!plan.some((p) => 'keep' in p && p.keep === key)) plan.push({ keep: key });
  }
  return {
    names: plan.flatMap((p) => ('name' in p ? [p.name] : [])),
    place: (slotIds: string[]) => {
      let next = 0;
      return plan.map((p) => ('keep' in p ? p.keep : (slotIds[next++] as string)));
    },
  };
}

/**
 * PUT update: a field the call does not carry keeps what is stored. `images`, when given, lists the
 * product's images in their new order; entries that are current image urls are kept, every other
 * entry is a new file name and gets an upload slot. Images no longer listed are deleted with their files.
 */
export async function updateProduct(
  ctx: Ctx,
  {
    businessId,
    id,
    input,
    attached = [],
    removedMedia,
  }: {
    businessId: string;
    id: string;
    input: ProductUpdate;
    /** Ready images of the business stored for this product (a bulk import's ZIP, decision 062): their urls are kept as current ones are. */
    attached?: string[];
    /** Called inside a caller's transaction: the dropped images' ids go here, for the caller to delete once it commits. */
    removedMedia?: string[];
  },
): Promise<UpdateProductResult> {
  const data = parseWith<ProductUpdateParsed>(productUpdate, input);
  const { result, removed } = await ctx.db.transaction(async (tx) => {
    const existing = await requireOwned(tx, businessId, id, true);
    const current = existing.row.images;
    const plan = imagePlan(data.images, current, attached);
    const slots = await createUploadSlots(ctx, { businessId, category: 'products', names: plan.names, db: tx });
    const images = plan.place(slots.ids);
    await tx
      .update(products)
      .set({ ...carriedColumns(data), images, updatedAt: new Date() })
      .where(and(eq(products.businessId, businessId), eq(products.id, existing.row.id)));
    await productsWritten(tx, { businessId, ids: [existing.row.id] });
    const updated = await requireOwned(tx, businessId, existing.row.id);
    return {
      result: { product: toProduct(updated.row, updated.businessName), newProductImagesPreSignedUrls: slots.urls },
      removed: current.filter((key) => !images.includes(key)),
    };
  });
  if (removedMedia) removedMedia.push(...removed);
  else await deleteMedia(ctx, { businessId, ids: removed });
  return result;
}

/** One product of a batch (writeProducts): a new one, or, with `id`, what changes of an existing one. */
export type ProductWrite =
  | { input: CreateProductBody; isPromoted?: boolean }
  | { id: string; input?: ProductUpdate; isPublic?: boolean; isPromoted?: boolean };
/** A write's result, in the batch's order: the product's id, or the message it was refused with (nothing of it written). */
export type ProductWriteOutcome = { ok: true; id: string } | { ok: false; message: string };

type PlannedWrite = { row: ProductRow; current: string[] | null; images: ReturnType<typeof imagePlan> };

// A write as createProduct / updateProduct and the toggles would do it, checked by the same rules
// (schema, ownership, a blocked product's flags); throws AppError for a write they refuse.
function planWrite(businessId: string, write: ProductWrite, locked: Map<string, ProductRow>): PlannedWrite {
  if (!('id' in write)) {
    const { isPublic, ...data } = parseWith<CreateProductBodyParsed>(createProductBody, write.input);
    // createdAt and updatedAt are placeholders: the insert leaves them to the table's default, as createProduct does.
    const fields = { ...columnsOf(data), isPublic, isPromoted: write.isPromoted ?? false, isBlocked: false, visits: 0 };
    const row = { businessId, id: uuidv7(), ...fields, images: [], createdAt: new Date(0), updatedAt: new Date(0) };
    return { row, current: null, images: imagePlan(data.images, []) };
  }
  const existing = isUuid(write.id) ? locked.get(write.id.toLowerCase()) : undefined;
  if (!existing) throw AppError.notFound(serverTexts.productNotFound);
  locked.delete(existing.id); // a second write of the same product in the batch is refused as not found
  const data: Partial<ProductUpdateParsed> = write.input === undefined ? {} : parseWith<ProductUpdateParsed>(productUpdate, write.input);
  const isPublic = write.isPublic ?? existing.isPublic;
  const isPromoted = write.isPromoted ?? existing.isPromoted;
  if (isPublic !== existing.isPublic || isPromoted !== existing.isPromoted) assertFlagsChangeable(existing);
  return {
    row: { ...existing, ...carriedColumns(data), isPublic, isPromoted, updatedAt: new Date() },
    current: existing.images,
    images: imagePlan(data.images, existing.images),
  };
}

// What an update of a batch sets: the product's fields, flags and updatedAt (never its id, owner, creation, block or visits).
const batchUpdated = ['productName', 'itemNo', 'description', 'category', 'tags', 'images', 'specifications', 'disclaimers']
  .concat(['pricePerUnit', 'totalUnits', 'link', 'isPublic', 'isPromoted', 'updatedAt'])
  .map((key) => [key, sql.raw(`excluded.${products[key as keyof ProductRow].name}`)]);

/**
 * Many products of one business in one transaction (bulk import, decision 063), by the rules of
 * createProduct, updateProduct and the toggles (planWrite), with a statement per kind of write
 * instead of several per product: the existing products locked in one select, the new ones in one
 * insert, the changed ones in one upsert, their JSON, search words and content version once
 * (tenant-writes.ts). A write the rules refuse is left out and reported; the others are written.
 * `isPublic` / `isPromoted` set the flag to that value; absent, it stays.
 */
export async function writeProducts(
  ctx: Ctx,
  {
    businessId,
    writes,
    removedMedia,
  }: {
    businessId: string;
    writes: ProductWrite[];
    /** As updateProduct's: when given, the dropped images' ids for the caller to delete after its commit. */
    removedMedia?: string[];
  },
): Promise<ProductWriteOutcome[]> {
  const { outcomes, removed } = await ctx.db.transaction(async (tx) => {
    const ids = writes.flatMap((w) => ('id' in w && isUuid(w.id) ? [w.id.toLowerCase()] : []));
    // In id order, so two writers lock their rows in one order (updateProduct locks one).
    const locked =
      ids.length === 0
        ? []
        : await tx
            .select(productColumns)
            .from(products)
            .where(and(eq(products.businessId, businessId), inArray(products.id, ids)))
            .orderBy(asc(products.id))
            .for('update');
    const lockedById = new Map(locked.map((r) => [r.id, r]));
    const outcomes: ProductWriteOutcome[] = [];
    const planned: PlannedWrite[] = [];
    for (const write of writes) {
      try {
        const p = planWrite(businessId, write, lockedById);
        planned.push(p);
        outcomes.push({ ok: true, id: p.row.id });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        outcomes.push({ ok: false, message: err.message });
      }
    }
    const names = planned.flatMap((p) => p.images.names);
    const slots = await createUploadSlots(ctx, { businessId, category: 'products', names, db: tx });
    const unplaced = [...slots.ids];
    for (const p of planned) p.row.images = p.images.place(unplaced.splice(0, p.images.names.length));
    const created = planned.filter((p) => p.current === null).map(({ row: { createdAt: _c, updatedAt: _u, ...row } }) => row);
    const updated = planned.filter((p) => p.current !== null).map((p) => p.row);
    if (created.length > 0) await tx.insert(products).values(created);
    // An upsert of rows locked above: each exists, so it updates them, all in one statement.
    if (updated.length > 0) {
      await tx
        .insert(products)
        .values(updated)
        .onConflictDoUpdate({ target: [products.businessId, products.id], set: Object.fromEntries(batchUpdated) });
    }
    await productsWritten(tx, { businessId, ids: planned.map((p) => p.row.id) });
    return { outcomes, removed: planned.flatMap((p) => (p.current ?? []).filter((key) => !p.row.images.includes(key))) };
  });
  if (removedMedia) removedMedia.push(...removed);
  else await deleteMedia(ctx, { businessId, ids: removed });
  return outcomes;
}

/** GET fetch: the owner's product, blocked or not (the web shows the blocked notice). */
export async function fetchProduct(ctx: Pick<AppContext, 'db'>, { businessId, id }: { businessId: string; id: string }): Promise<Product> {
  const found = await requireOwned(ctx.db, businessId, id);
  return toProduct(found.row, found.businessName);
}

/** DELETE delete: the product, its private links and its image files. Leads keep their copy of the name. */
export async function deleteProduct(ctx: Ctx, { businessId, id }: { businessId: string; id: string }): Promise<{ id: string }> {
  if (!isUuid(id)) throw AppError.notFound(serverTexts.productNotFound);
  const productId = id.toLowerCase();
  const gone = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(products)
      .where(and(eq(products.businessId, businessId), eq(products.id, productId)))
      .returning({ images: products.images });
    if (!row) throw AppError.notFound(serverTexts.productNotFound);
    await tx.delete(privateLinks).where(and(eq(privateLinks.businessId, businessId), eq(privateLinks.fkProductId, productId)));
    await bumpContentVersions(tx, [businessId]);
    return row;
  });
  await deleteMedia(ctx, { businessId, ids: gone.images });
  return { id: productId };
}

/** GET fetchAll: the owner's products; isPromoted=true is the Promoted tab, false the Casual tab, absent all. */
export async function fetchProducts(
  ctx: Pick<AppContext, 'db'>,
  { businessId, query }: { businessId: string; query: AdminFetchAllQuery },
): Promise<ProductList> {
  const tags = (Array.isArray(query.tags) ? query.tags : query.tags ? query.tags.split(',') : [])
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  const where = and(
    eq(products.businessId, businessId),
    query.isPromoted === undefined ? undefined : eq(products.isPromoted, query.isPromoted),
    query.productName ? ilike(products.productName, containing(query.productName)) : undefined,
    query.category ? sql`lower(${products.category}) = ${query.category.toLowerCase()}` : undefined,
    tags.length > 0 ? arrayContains(products.tags, tags) : undefined,
  );
  return listPage(ctx, where, query);
}

/** GET fetchCategories: the owner's distinct categories containing `category`, alphabetically. */
export async function fetchProductCategories(
  ctx: Pick<AppContext, 'db'>,
  { businessId, query }: { businessId: string; query: FetchCategoriesQuery },
): Promise<{ categories: string[] }> {
  const rows = await ctx.db
    .selectDistinct({ category: products.category })
    .from(products)
    .where(and(eq(products.businessId, businessId), query.category ? ilike(products.category, containing(query.category)) : undefined))
    .orderBy(asc(products.category))
    .limit(query.perPage)
    .offset(Math.min((query.pageNo - 1) * query.perPage, maxOffset));
  return { categories: rows.map((r) => r.category) };
}

/** The owner sets a product's visibility and promotion, unless an admin blocked it (SPEC §7). */
function assertFlagsChangeable(row: { isBlocked: boolean }): void {
  if (row.isBlocked) throw AppError.forbidden(specTexts.productBlocked);
}

async function toggle(
  ctx: Pick<AppContext, 'db'>,
  { businessId, id, field }: { businessId: string; id: string; field: 'isPublic' | 'isPromoted' },
): Promise<{ status: boolean }> {
  const found = await requireOwned(ctx.db, businessId, id);
  assertFlagsChangeable(found.row);
  const column = products[field];
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .update(products)
      .set({ [field]: sql`not ${column}`, updatedAt: new Date() })
      .where(and(eq(products.businessId, businessId), eq(products.id, found.row.id), eq(products.isBlocked, false)))
      .returning({ status: column });
    if (r) await productsWritten(tx, { businessId, ids: [found.row.id] });
    return r;
  });
  if (!row) throw AppError.forbidden(specTexts.productBlocked);
  return row;
}

/** PUT updateStatus: flips public/private; payload.status is the new isPublic. */
export function toggleProductStatus(ctx: Pick<AppContext, 'db'>, { businessId, id }: { businessId: string; id: string }) {
  return toggle(ctx, { businessId, id, field: 'isPublic' });
}

/** PUT promote: flips promoted; payload.status is the new isPromoted. */
export function toggleProductPromotion(ctx: Pick<AppContext, 'db'>, { businessId, id }: { businessId: string; id: string }) {
  return toggle(ctx, { businessId, id, field: 'isPromoted' });
}

/**
 * PUT updateAllStatus: flips the business's "All products" switch, a layer above each product's own Public/Private
 * state (businesses/visibility.ts, decision 036): no product is rewritten. The business's content version moves in the
 * same transaction, so cached public pages drop.
 */
export async function toggleAllProductsStatus(
  ctx: Pick<AppContext, 'db'>,
  { businessId }: { businessId: string },
): Promise<{ status: boolean }> {
  const [b] = await changePublicContent(ctx.db, businessId, (tx) =>
    tx
      .update(businesses)
      .set({ isAllProductsActive: sql`not ${businesses.isAllProductsActive}`, updatedAt: new Date() })
      .where(eq(businesses.id, businessId))
      .returning({ status: businesses.isAllProductsActive }),
  );
  if (!b) throw AppError.unauthorised();
  return b;
}

// ---- public calls (SPEC §7 Public products): always resolved through the business ----

async function publicBusiness(ctx: Pick<AppContext, 'db'>, businessName: string) {
  const [b] = await ctx.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.businessName, businessName.toLowerCase()), businessIsPublic(sql`${businesses}`)));
  if (!b) throw AppError.notFound();
  return b.id;
}

// What visitors may see (businesses/visibility.ts), for queries that join the product's business.
const visible = and(itemIsPublic(sql`${products}`), businessShows('product', sql`${businesses}`));

async function findPublic(ctx: Pick<AppContext, 'db'>, { businessName, id }: { businessName: string; id: string }) {
  const businessId = await publicBusiness(ctx, businessName);
  if (!isUuid(id)) throw AppError.notFound(serverTexts.productNotFound);
  const [found] = await ctx.db
    .select(selection)
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(and(eq(products.businessId, businessId), eq(products.id, id.toLowerCase()), visible));
  if (!found) throw AppError.notFound(serverTexts.productNotFound);
  return found;
}

/** GET public fetch: a product visitors may see (businesses/visibility.ts); otherwise 404. */
export async function fetchPublicProduct(
  ctx: Pick<AppContext, 'db'>,
  { businessName, id }: { businessName: string; id: string },
): Promise<Product> {
  const found = await findPublic(ctx, { businessName, id });
  return toProduct(found.row, found.businessName);
}

// The storefront listing is the hottest public read (decisions 021, 028, 032). Drizzle builds its SQL
// once per variant (sort, promoted filter, category filter); it runs as a named prepared statement,
// so PostgreSQL plans it once per connection; the business is one look-up by name and the total
// comes with the page (`count(*) over ()`), so the common case is one round trip. Each product comes
// back as the API's JSON: PostgreSQL keeps it in `product_json`, written with every product write
// (decisions 032, 055) with SQL generated from the contract (042), and the read only splices the id
// and the business's name (the name the look-up matched, sent as JSON text) before it. The API sends the page as that text inside its
// envelope, and the pages parse it. `compiled-serializer.test.ts` proves the bytes equal what zod
// would send.
const productJsonText = sql`'{"_id":"' || ${products.id} || '","businessName":' || ${sql.placeholder('businessNameJson')}::text || ',' || ${productJson.body}`;

type PublicList = { name: string; text: string; params: unknown[] };
const publicLists = new Map<string, PublicList>();

function publicListQuery(sort: SortOption, promoted: boolean, category: boolean): PublicList {
  const name = `public_products_${sortOptions.indexOf(sort)}_${Number(promoted)}${Number(category)}`;
  const known = publicLists.get(name);
  if (known) return known;
  const built = new QueryBuilder()
    .select({ json: productJsonText, total: sql`count(*) over ()` })
    .from(products)
    .innerJoin(productJson, and(eq(productJson.businessId, products.businessId), eq(productJson.id, products.id)))
    .where(
      and(
        // The business's id as a value (one whose products visitors may see, else none): the planner reads only
        // this business's products through its own index (3 ms over 1,000,000 products, where a join
        // by name walked every visible product newest first: 1.4 s). No join to businesses: thirteen
        // look-ups of the business per page were a third of PostgreSQL's time on the statement.
        eq(
          products.businessId,
          sql`(select b.id from ${businesses} b where b.business_name = ${sql.placeholder('businessName')} and ${businessShows('product', sql`b`)})`,
        ),
        itemIsPublic(sql`${products}`),
        promoted ? eq(products.isPromoted, true) : undefined,
        category ? sql`lower(${products.category}) = ${sql.placeholder('category')}` : undefined,
      ),
    )
    .orderBy(...orderFor(sort))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .toSQL();
  const query = { name, text: built.sql, params: built.params };
  publicLists.set(name, query);
  return query;
}

/**
 * GET public fetchAll: one business's public products as the JSON text of the API's array, in one
 * query on the common path. Only an empty page asks again, to tell a missing or blocked business
 * (404) from a page past the end (whose count still counts).
 */
export async function fetchPublicProductsJson(
  ctx: Pick<AppContext, 'db'>,
  { query }: { query: PublicFetchAllQuery },
): Promise<{ productsJson: string; count: number }> {
  const businessName = query.businessName.toLowerCase();
  const category = query.category?.toLowerCase();
  const list = publicListQuery(query.sort, Boolean(query.isPromoted), Boolean(category));
  const values = fillPlaceholders(list.params, {
    businessName,
    businessNameJson: JSON.stringify(businessName),
    category,
    limit: query.perPage,
    offset: Math.min((query.pageNo - 1) * query.perPage, maxOffset),
  });
  const { rows } = await ctx.db.$client.query<[string, string]>({ name: list.name, text: list.text, values, rowMode: 'array' });
  if (rows.length > 0) return { productsJson: `[${rows.map((r) => r[0]).join(',')}]`, count: Number(rows[0][1]) };
  const businessId = await publicBusiness(ctx, query.businessName);
  if (query.pageNo === 1) return { productsJson: '[]', count: 0 };
  const [total] = await ctx.db
    .select({ count: count() })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(
      and(
        eq(products.businessId, businessId),
        visible,
        query.isPromoted ? eq(products.isPromoted, true) : undefined,
        category ? sql`lower(${products.category}) = ${category}` : undefined,
      ),
    );
  return { productsJson: '[]', count: total?.count ?? 0 };
}

/** The same page as objects, for the storefront pages' loaders. */
export async function fetchPublicProducts(ctx: Pick<AppContext, 'db'>, { query }: { query: PublicFetchAllQuery }): Promise<ProductList> {
  const { productsJson, count } = await fetchPublicProductsJson(ctx, { query });
  return { products: JSON.parse(productsJson) as Product[], count };
}

/** GET fetchSuggestions ('You Might Also Like'): same category or shared tags first, never the product itself. */
export async function fetchProductSuggestions(
  ctx: Pick<AppContext, 'db'>,
  { query }: { query: FetchSuggestionsQuery },
): Promise<{ products: Product[] }> {
  const base = (await findPublic(ctx, query)).row;
  const related = or(
    sql`lower(${products.category}) = ${base.category.toLowerCase()}`,
    base.tags.length > 0 ? arrayOverlaps(products.tags, base.tags) : undefined,
  );
  const rows = await ctx.db
    .select(selection)
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(and(eq(products.businessId, base.businessId), ne(products.id, base.id), visible))
    .orderBy(desc(sql`coalesce(${related}, false)`), desc(products.createdAt), desc(products.id))
    .limit(query.perPage)
    .offset(Math.min((query.pageNo - 1) * query.perPage, maxOffset));
  return { products: rows.map((r) => toProduct(r.row, r.businessName)) };
}

/** PUT visits: a human view of a public product, counted once per visitor per day (visits.service.ts). */
export async function recordProductVisit(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  { businessName, id, visitor }: { businessName: string; id: string; visitor: Visitor },
): Promise<{ counted: boolean }> {
  const { row } = await findPublic(ctx, { businessName, id });
  return { counted: await recordVisit(ctx, { businessId: row.businessId, subjectType: 'product', subjectId: row.id, visitor }) };
}

/**
 * GET fetchAllUsers: public products across all businesses (directory). A searchQuery runs the search
 * engine (ranked, prefix and typo tolerant, count capped: search-engine.ts); without one, a listing.
 */
export async function fetchDirectoryProducts(
  ctx: Pick<AppContext, 'db' | 'searchPlanSteering'>,
  { query }: { query: FetchAllUsersQuery },
): Promise<ProductList> {
  if (query.searchQuery) return searchDirectoryProducts(ctx, { ...query, searchQuery: query.searchQuery });
  const where = and(visible, query.isPromoted ? eq(products.isPromoted, true) : undefined);
  return listPage(ctx, where, { ...query, sort: listingSort(query.sort) }, { capped: true });
}

async function searchDirectoryProducts(
  ctx: Pick<AppContext, 'db' | 'searchPlanSteering'>,
  query: FetchAllUsersQuery & { searchQuery: string },
) {
  const tq = await tsqueryOf(ctx, query.searchQuery);
  if (!tq) return { products: [], count: 0 };
  const page = await findMatches(ctx, tq, {
    kinds: ['product'],
    businessId: null,
    promoted: query.isPromoted ? true : undefined,
    sort: query.sort ?? relevanceSort,
    pageNo: query.pageNo,
    perPage: query.perPage,
  });
  if (page.matches.length === 0) return { products: [], count: page.count, countCapped: page.countCapped };
  const keys = page.matches.map((m) => sql`(${m.businessId}::uuid, ${m.id}::uuid)`);
  const rows = await ctx.db
    .select(selection)
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(sql`(${products.businessId}, ${products.id}) in (${sql.join(keys, sql`, `)})`);
  const byId = new Map(rows.map((r) => [r.row.id, r]));
  return {
    products: page.matches.flatMap((m) => {
      const r = byId.get(m.id);
      return r ? [toProduct(r.row, r.businessName)] : [];
    }),
    count: page.count,
    countCapped: page.countCapped,
  };
}
