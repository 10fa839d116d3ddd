import { mediaUrl } from '@stashblog/contract/paths';
import type {
  SearchPayload,
  SearchQuery,
  SearchResultItem,
  SearchSuggestionsPayload,
  SearchSuggestionsQuery,
} from '@stashblog/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { catalogueNameDoc } from '../../db/schema/catalogues.ts';
import { productNameDoc } from '../../db/schema/products.ts';
import { requirePublicBusiness, type TenantRow } from '../businesses/businesses.service.ts';
import { itemShows, itemShowsBeside, itemShowsIn, readHiddenBusinesses } from '../businesses/visibility.ts';
import { fewMatchesExpected, findMatches } from './search-engine.ts';
import { anyUnitQuery, everyUnitQuery, planQuery, tsqueryOf } from './search-query.ts';
import { rankMatches } from './search-ranked.ts';
import { type Match, type MatchPage, resultImages } from './search-sources.ts';

type Ctx = Pick<AppContext, 'db' | 'searchPlanSteering'>;

const kindsOf = { All: ['product', 'catalogue'], Products: ['product'], Catalogues: ['catalogue'] } as const;

type Row = {
  type: 'product' | 'catalogue';
  id: string;
  name: string;
  business_name: string;
  business_display_name: string;
  images: string[] | null;
};

/**
 * SPEC §7 GET public/user/search: public, unblocked products and catalogues of unblocked businesses,
 * in one business (businessName) or across all; relevance is name > category/tags > description
 * (search-engine.ts). Images and business names are read for the page only.
 */
export async function searchItems(ctx: Ctx, query: SearchQuery): Promise<SearchPayload> {
  // One after the other: at once on two pooled connections measured level or slower (bench/search.ts, one
  // business, load 5: two backends woken instead of one).
  const business = query.businessName ? await requirePublicBusiness(ctx, query.businessName) : null;
  // Across businesses the hidden businesses are read beside the query's words, on a second pooled connection.
  const [units, hidden] = await Promise.all([planQuery(ctx, query.searchQuery), business ? undefined : readHiddenBusinesses(ctx.db)]);
  const every = everyUnitQuery(units);
  const any = anyUnitQuery(units);
  if (!any) return { searchedData: [], count: 0, countCapped: false, maxTotal: 0 };
  const opts = {
    kinds: [...kindsOf[query.filter]],
    businessId: business?.id ?? null,
    sort: query.sort,
    pageNo: query.pageNo,
    perPage: query.perPage,
    // Across businesses, read once for every read below. No details with the matches: the page's business names and
    // catalogue images are read for the page alone (pageDetails), as Citus plans no sub-select of them per match.
    hidden,
  };
  // Relevance in one business: items with any word, scored (all words first). Otherwise the items with every word,
  // or with any word when none has them all; across businesses scored too when counted below the cap (decision 054).
  const relevance = query.sort === 'Relevance';
  let page: MatchPage;
  if (relevance && business) page = await rankMatches(ctx, any, units, opts);
  else {
    // Relevance across businesses, when the planner expects few matches (steered path): the scored read first, which
    // counts them too; findMatches only when it finds more than searchCountCap. Either way the same page.
    const find = async (tq: string) => {
      if (relevance && (await fewMatchesExpected(ctx, tq, opts))) {
        const ranked = await rankMatches(ctx, tq, units, opts);
        if (!ranked.countCapped) return { page: ranked, ranked: true };
      }
      return { page: await findMatches(ctx, tq, { ...opts, rankedBelowCap: relevance }), ranked: false };
    };
    let tq = every ?? any;
    let found = await find(tq);
    if (found.page.count === 0 && tq !== any) {
      tq = any;
      found = await find(tq);
    }
    page = found.page;
    if (relevance && !found.ranked && page.count > 0 && !page.countCapped) page = await rankMatches(ctx, tq, units, opts);
  }
  // Business names and catalogue images are read for the page alone.
  const rows: Row[] = business ? await inBusiness(ctx, business, page.matches) : await pageDetails(ctx, page.matches);
  return {
    searchedData: rows.map(toItem),
    count: page.count,
    countCapped: page.countCapped,
    maxTotal: Math.ceil(page.count / query.perPage),
  };
}

/** A page in one business: its products' images came with them; its catalogues' are their visible members' first. */
async function inBusiness(ctx: Ctx, business: TenantRow, matches: Match[]): Promise<Row[]> {
  const images = await catalogueImages(ctx, matches);
  return matches.map((m) => ({
    ...m,
    business_name: business.businessName,
    business_display_name: business.displayName,
    images: (m.type === 'catalogue' ? images.get(m.id) : m.images?.slice(0, resultImages)) ?? [],
  }));
}

/**
 * Business names and up to 6 images, in page order: a product's came with its match (its row was read for
 * the match: a second look-up by key cost 4-8 ms a page in bench/search.ts, its index pages mostly outside
 * shared buffers); a catalogue's are its visible members' first images. Names come from businesses alone and images
 * from the colocated tenant tables alone: a statement mixing the two around the page's rows is one Citus cannot plan
 * (decision 057).
 */
async function pageDetails(ctx: Ctx, matches: Match[]): Promise<Row[]> {
  if (matches.length === 0) return [];
  const ids = [...new Set(matches.map((m) => m.businessId))];
  const [{ rows: names }, images] = await Promise.all([
    ctx.db.execute<{ id: string; business_name: string; display_name: string }>(
      sql`select id, business_name, display_name from businesses where id = any(${sql.param(ids)}::uuid[])`,
    ),
    catalogueImages(ctx, matches),
  ]);
  const byId = new Map(names.map((b) => [b.id, b]));
  return matches.flatMap((m) => {
    const b = byId.get(m.businessId);
    if (!b) return [];
    return [
      {
        ...m,
        business_name: b.business_name,
        business_display_name: b.display_name,
        images: (m.type === 'catalogue' ? images.get(m.id) : m.images?.slice(0, resultImages)) ?? [],
      },
    ];
  });
}

/**
 * The first image of each visible member of the page's catalogues, in catalogue order, up to resultImages each, by
 * catalogue id: one statement over catalogue_products and products, numbered per catalogue (a window partitioned by
 * business_id, which Citus runs on each shard).
 */
async function catalogueImages(ctx: Ctx, matches: Match[]): Promise<Map<string, string[]>> {
  const catalogues = matches.filter((m) => m.type === 'catalogue');
  if (catalogues.length === 0) return new Map();
  const { rows } = await ctx.db.execute<{ id: string; images: string[] }>(sql`select r.catalogue_id as id,
      array_agg(r.image order by r.n) as images
    from (select cp.business_id, cp.catalogue_id, p.images[1]::text as image,
        row_number() over (partition by cp.business_id, cp.catalogue_id order by cp.position, p.id) as n
      from catalogue_products cp join products p on p.business_id = cp.business_id and p.id = cp.product_id
      where cp.business_id = any(${sql.param(catalogues.map((c) => c.businessId))}::uuid[])
        and cp.catalogue_id = any(${sql.param(catalogues.map((c) => c.id))}::uuid[])
        and ${itemShows('product', sql`p`)} and cardinality(p.images) > 0) r
    where r.n <= ${resultImages}
    group by r.business_id, r.catalogue_id`);
  return new Map(rows.map((r) => [r.id, r.images]));
}

function toItem(r: Row): SearchResultItem {
  const images = (r.images ?? []).map(mediaUrl);
  return r.type === 'product'
    ? {
        _id: r.id,
        type: 'product',
        productName: r.name,
        businessName: r.business_name,
        businessDisplayName: r.business_display_name,
        images,
      }
    : {
        _id: r.id,
        type: 'catalogue',
        catalogueName: r.name,
        businessName: r.business_name,
        businessDisplayName: r.business_display_name,
        images,
      };
}

/** Names of visible products and catalogues with a name word starting with the typed text (nav box). */
export async function suggestSearchTerms(ctx: Ctx, query: SearchSuggestionsQuery): Promise<SearchSuggestionsPayload> {
  const business = query.businessName ? await requirePublicBusiness(ctx, query.businessName) : null;
  // What visitors may see (businesses/visibility.ts): in the one business, or across every business.
  const hidden = business ? null : await readHiddenBusinesses(ctx.db);
  const shown = (kind: 'product' | 'catalogue', t: SQL) =>
    business
      ? sql`${t}.business_id = ${business.id} and ${itemShowsIn(kind, t, sql`${business.id}::uuid`)}`
      : itemShowsBeside(kind, t, hidden ?? { product: [], catalogue: [] });
  const typed = query.searchQuery.toLowerCase();
  const tq = await tsqueryOf(ctx, query.searchQuery, { letterPrefix: true });
  if (!tq) return { suggestions: [] };
  const tsq = sql`${tq}::tsquery`;
  // Names only (search tier 1). As in search-engine.ts, one business is read through its btree
  // (coalesce() hides the name index); across businesses the name's GIN index answers.
  const matches = (doc: SQL) => (business ? sql`coalesce(${doc}, ''::tsvector) @@ ${tsq}` : sql`${doc} @@ ${tsq}`);
  const { rows } = await ctx.db.execute<{ name: string }>(sql`with names as (
      (select p.product_name as name from products p
        where ${matches(productNameDoc(sql`p.product_name`))} and ${shown('product', sql`p`)} limit 200)
      union all
      (select c.catalogue_name from catalogues c
        where ${matches(catalogueNameDoc(sql`c.catalogue_name`))} and ${shown('catalogue', sql`c`)} limit 200))
    select name from (select distinct on (lower(name)) name from names order by lower(name)) d
    order by (lower(name) like ${`${typed.replace(/[\\%_]/g, '\\$&')}%`}) desc, length(name), lower(name)
    limit ${query.perPage}`);
  return { suggestions: rows.map((r) => r.name) };
}
