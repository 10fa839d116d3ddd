import type {
  Catalogue,
  CatalogueList,
  CatalogueProductList,
  FetchAllUsersCataloguesQuery,
  PublicFetchAllCataloguesQuery,
  PublicFetchCatalogueProductsQuery,
} from '@stashblog/contract/catalogues';
import { isUuid } from '@stashblog/contract/ids';
import { relevanceSort } from '@stashblog/contract/search-options';
import { serverTexts } from '@stashblog/contract/server-texts';
import { listingSort } from '@stashblog/contract/sort-options';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { AppError } from '../../http/app-error.ts';
import { requirePublicBusiness } from '../businesses/businesses.service.ts';
import { businessShows, itemIsPublic, itemShowsIn } from '../businesses/visibility.ts';
import { countUpToCap, directoryWindow } from '../directory/directory-paging.ts';
import { findMatches } from '../search/search-engine.ts';
import { tsqueryOf } from '../search/search-query.ts';
import { recordVisit, type Visitor } from '../visits/visits.service.ts';
import { membersOf, toCatalogue } from './catalogue-view.ts';
import { listMembers } from './catalogues.service.ts';
import { sortOrder } from './sort-order.ts';

type Ctx = Pick<AppContext, 'db'>;
type SearchCtx = Pick<AppContext, 'db' | 'searchPlanSteering'>;

// What visitors may see (businesses/visibility.ts): of one business known public, or (joined) of any business.
const visibleIn = (businessId: string) => itemShowsIn('catalogue', sql`${catalogues}`, sql`${businessId}::uuid`);
const visible = and(itemIsPublic(sql`${catalogues}`), businessShows('catalogue', sql`${businesses}`)) as SQL;
const order = (sort: PublicFetchAllCataloguesQuery['sort']) =>
  sortOrder(sort, { createdAt: catalogues.createdAt, name: catalogues.catalogueName, id: catalogues.id });

/** A catalogue visitors may see, resolved through its business; 404 for anything else. */
async function requirePublicCatalogue(ctx: Ctx, { id, businessName }: { id: string; businessName: string }) {
  const business = await requirePublicBusiness(ctx, businessName);
  if (!isUuid(id)) throw AppError.notFound(serverTexts.catalogueNotFound);
  const [r] = await ctx.db
    .select({ c: catalogues, members: membersOf('public') })
    .from(catalogues)
    .where(and(eq(catalogues.businessId, business.id), eq(catalogues.id, id), visibleIn(business.id)));
  if (!r) throw AppError.notFound(serverTexts.catalogueNotFound);
  return { business, catalogue: toCatalogue(r.c, r.members, business.businessName) };
}

export async function fetchPublicCatalogues(ctx: Ctx, query: PublicFetchAllCataloguesQuery): Promise<CatalogueList> {
  const business = await requirePublicBusiness(ctx, query.businessName);
  const conditions: SQL[] = [eq(catalogues.businessId, business.id), visibleIn(business.id)];
  if (query.isPromoted !== undefined) conditions.push(eq(catalogues.isPromoted, query.isPromoted));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ c: catalogues, members: membersOf('public') })
      .from(catalogues)
      .where(where)
      .orderBy(...order(query.sort))
      .limit(query.perPage)
      .offset((query.pageNo - 1) * query.perPage),
    ctx.db.select({ total: count() }).from(catalogues).where(where),
  ]);
  return { catalogues: rows.map((r) => toCatalogue(r.c, r.members, business.businessName)), count: total };
}

export async function fetchPublicCatalogue(ctx: Ctx, key: { id: string; businessName: string }): Promise<{ catalogue: Catalogue }> {
  const { catalogue } = await requirePublicCatalogue(ctx, key);
  return { catalogue };
}

export async function fetchPublicCatalogueProducts(ctx: Ctx, query: PublicFetchCatalogueProductsQuery): Promise<CatalogueProductList> {
  const { business } = await requirePublicCatalogue(ctx, query);
  return listMembers(ctx.db, { ...query, businessId: business.id, businessName: business.businessName, catalogueId: query.id }, 'public');
}

export async function recordCatalogueVisit(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  { id, businessName, visitor }: { id: string; businessName: string; visitor: Visitor },
) {
  const { business } = await requirePublicCatalogue(ctx, { id, businessName });
  return { counted: await recordVisit(ctx, { businessId: business.id, subjectType: 'catalogue', subjectId: id, visitor }) };
}

/**
 * SPEC §7 fetchAllUsers: visible catalogues of every visible business (the directory). A searchQuery
 * runs the search engine (ranked, prefix and typo tolerant, count capped: search-engine.ts).
 */
export async function fetchAllUsersCatalogues(ctx: SearchCtx, query: FetchAllUsersCataloguesQuery): Promise<CatalogueList> {
  if (query.searchQuery) return searchAllUsersCatalogues(ctx, { ...query, searchQuery: query.searchQuery });
  const conditions: SQL[] = [visible];
  if (query.isPromoted !== undefined) conditions.push(eq(catalogues.isPromoted, query.isPromoted));
  const where = and(...conditions);
  const joined = eq(businesses.id, catalogues.businessId);
  // Paged and counted within the first searchCountCap catalogues (decision 058); the page's keys first, so
  // members are read for its rows alone, not for every row its offset passes.
  const window = directoryWindow(query);
  const [keys, total] = await Promise.all([
    window.limit > 0
      ? ctx.db
          .select({ businessId: catalogues.businessId, id: catalogues.id })
          .from(catalogues)
          .innerJoin(businesses, joined)
          .where(where)
          .orderBy(...order(listingSort(query.sort)))
          .limit(window.limit)
          .offset(window.offset)
      : [],
    countUpToCap(ctx, ctx.db.select({ one: sql`1` }).from(catalogues).innerJoin(businesses, joined).where(where)),
  ]);
  return { catalogues: await cataloguesInOrder(ctx, keys), ...total };
}

/** Catalogues by key with their business's name and the members visitors may see, in the keys' order. */
async function cataloguesInOrder(ctx: Ctx, keys: { businessId: string; id: string }[]): Promise<Catalogue[]> {
  if (keys.length === 0) return [];
  const list = keys.map((k) => sql`(${k.businessId}::uuid, ${k.id}::uuid)`);
  const rows = await ctx.db
    .select({ c: catalogues, businessName: businesses.businessName, members: membersOf('public') })
    .from(catalogues)
    .innerJoin(businesses, eq(businesses.id, catalogues.businessId))
    .where(sql`(${catalogues.businessId}, ${catalogues.id}) in (${sql.join(list, sql`, `)})`);
  const byId = new Map(rows.map((r) => [r.c.id, r]));
  return keys.flatMap((k) => {
    const r = byId.get(k.id);
    return r ? [toCatalogue(r.c, r.members, r.businessName)] : [];
  });
}

async function searchAllUsersCatalogues(
  ctx: SearchCtx,
  query: FetchAllUsersCataloguesQuery & { searchQuery: string },
): Promise<CatalogueList> {
  const tq = await tsqueryOf(ctx, query.searchQuery);
  if (!tq) return { catalogues: [], count: 0 };
  const page = await findMatches(ctx, tq, {
    kinds: ['catalogue'],
    businessId: null,
    promoted: query.isPromoted,
    sort: query.sort ?? relevanceSort,
    pageNo: query.pageNo,
    perPage: query.perPage,
  });
  return { catalogues: await cataloguesInOrder(ctx, page.matches), count: page.count, countCapped: page.countCapped };
}
