import { mediaUrl } from '@stashblog/contract/paths';
import type {
  SearchPayload,
  SearchQuery,
  SearchResultItem,
  SearchSuggestionsPayload,
  SearchSuggestionsQuery,
} from '@stashblog/contract/search';
import type { SearchSort } from '@stashblog/contract/search-options';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { requirePublicBusiness } from '../users/users.service.ts';

type Ctx = Pick<AppContext, 'db'>;

// Far past any real page; keeps a huge pageNo from overflowing the OFFSET parameter.
const maxOffset = 2 ** 31 - 1;
// How many near words (by trigram similarity) stand in for a query word that matches nothing.
const nearWords = 3;
const maxImages = 6;

/** A tsquery lexeme literal: quoted, with quotes doubled and backslashes escaped (tsquery input syntax). */
const lexeme = (col: SQL) => sql`'''' || replace(replace(${col}, '\\', '\\\\'), '''', '''''') || ''''`;
const likePrefix = (col: SQL) => sql`replace(replace(replace(${col}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

// A word starting more known words than this is matched as a true prefix (':*') instead of by its
// expansions; below it, the expansions are exact lexemes, which the GIN index answers much faster.
const maxExpansions = 20;

/**
 * The user's text as tsquery text, built in PostgreSQL so the query is split and normalised exactly
 * like the documents (simple dictionary, lower case, unaccent; any script). Words are ANDed. Each
 * word matches as a prefix ('sof' finds 'sofa') through its known expansions in `search_words`;
 * a word that starts no known word also matches its nearest known words by trigram similarity
 * ('sofq' finds 'sofa'). `weight` restricts matches to one part (A: names). Null when the text has
 * no words. The result goes back as a parameter, so the planner sees the real query and its selectivity.
 */
async function tsqueryOf(ctx: Ctx, text: string, weight = ''): Promise<string | null> {
  const suffix = weight ? sql`':' || ${weight}` : sql`''`;
  const { rows } = await ctx.db.execute<{ tq: string | null }>(sql`
    select string_agg(case
        when length(w) < 2 or cardinality(x.expansions) > ${maxExpansions} then ${lexeme(sql`w`)} || ':*' || ${weight}
        else '(' || (select string_agg(${lexeme(sql`t`)} || ${suffix}, ' | ')
          from (select distinct t from unnest(array[w] || case when cardinality(x.expansions) > 0 then x.expansions
            else array(select word from search_words where word % w order by similarity(word, w) desc, word limit ${nearWords}) end) t) u) || ')'
      end, ' & ') as tq
    from (select distinct w from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, stash_unaccent(${text})))) w) words,
    lateral (select array(select word from search_words where word like ${likePrefix(sql`w`)}
      order by length(word), word limit ${maxExpansions + 1}) as expansions) x`);
  return rows[0]?.tq ?? null;
}

function orderBy(sort: SearchSort, alias: 'found' | 'page'): SQL {
  const t = sql.raw(alias);
  switch (sort) {
    case 'Date, new to old':
      return sql`${t}.created_at desc, ${t}.id desc`;
    case 'Date, old to new':
      return sql`${t}.created_at asc, ${t}.id asc`;
    case 'Alphabetically A-Z':
      return sql`lower(${t}.name) asc, ${t}.id asc`;
    case 'Alphabetically Z-A':
      return sql`lower(${t}.name) desc, ${t}.id desc`;
    default:
      return sql`${t}.rank desc, ${t}.created_at desc, ${t}.id desc`;
  }
}

type Row = { type: 'product' | 'catalogue'; id: string; name: string; business_name: string; images: string[] | null; total: number };

/**
 * SPEC §7 GET public/user/search: public, unblocked products and catalogues of unblocked businesses,
 * in one business (businessName) or across all; ranked name > category/tags > description.
 */
export async function searchItems(ctx: Ctx, query: SearchQuery): Promise<SearchPayload> {
  const business = query.businessName ? await requirePublicBusiness(ctx, query.businessName) : null;
  const tq = await tsqueryOf(ctx, query.searchQuery);
  if (!tq) return { searchedData: [], count: 0, maxTotal: 0 };
  const tsq = sql`${tq}::tsquery`;
  // One business holds at most a few thousand items: reading them through the business's btree and
  // testing each document is a millisecond, while the GIN index would first collect every match of a
  // common word across all businesses (150,000+ rows for 'sofa' in bench/search.ts). coalesce() keeps
  // the planner off the GIN index in business scope; across all businesses the GIN index is the way.
  const matches = (doc: SQL) => (business ? sql`coalesce(${doc}, ''::tsvector) @@ ${tsq}` : sql`${doc} @@ ${tsq}`);
  // Blocked businesses are left out by one array computed once (a join would let the planner repeat the
  // GIN scan per business: 90 s for a common typo in bench/search.ts); names are joined to the page only.
  const notBlocked = sql`array(select id from businesses where is_blocked)`;
  const inProducts = business ? sql`and p.business_id = ${business.id}` : sql`and p.business_id <> all(${notBlocked})`;
  const inCatalogues = business ? sql`and c.business_id = ${business.id}` : sql`and c.business_id <> all(${notBlocked})`;
  const branches: SQL[] = [];
  if (query.filter !== 'Catalogues')
    branches.push(sql`select 'product' as type, p.business_id, p.id, p.product_name as name,
        p.images[1:${maxImages}]::text[] as images, ts_rank(p.search, ${tsq}) as rank, p.created_at
      from products p
      where ${matches(sql`p.search`)} and p.is_public and not p.is_blocked ${inProducts}`);
  if (query.filter !== 'Products')
    branches.push(sql`select 'catalogue' as type, c.business_id, c.id, c.catalogue_name as name,
        null::text[] as images, ts_rank(c.search, ${tsq}) as rank, c.created_at
      from catalogues c
      where ${matches(sql`c.search`)} and c.is_public and not c.is_blocked ${inCatalogues}`);
  const offset = Math.min((query.pageNo - 1) * query.perPage, maxOffset);
  const found = sql`with found as (${sql.join(branches, sql` union all `)})`;
  const { rows } = await ctx.db.execute<Row>(sql`${found},
    page as (select *, count(*) over () as total from found order by ${orderBy(query.sort, 'found')} limit ${query.perPage} offset ${offset})
    select page.type, page.id, page.name, b.business_name, page.total::int as total,
      case when page.type = 'product' then page.images else array(
        select p.images[1]::text from catalogue_products cp
          join products p on p.business_id = cp.business_id and p.id = cp.product_id
        where cp.business_id = page.business_id and cp.catalogue_id = page.id
          and p.is_public and not p.is_blocked and cardinality(p.images) > 0
        order by cp.position, p.id limit ${maxImages}) end as images
    from page join businesses b on b.id = page.business_id order by ${orderBy(query.sort, 'page')}`);
  let count = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.pageNo > 1) {
    const { rows: c } = await ctx.db.execute<{ total: number }>(sql`${found} select count(*)::int as total from found`);
    count = c[0]?.total ?? 0;
  }
  return {
    searchedData: rows.map(toItem),
    count,
    maxTotal: Math.ceil(count / query.perPage),
  };
}

function toItem(r: Row): SearchResultItem {
  const images = (r.images ?? []).map(mediaUrl);
  return r.type === 'product'
    ? { _id: r.id, type: 'product', productName: r.name, businessName: r.business_name, images }
    : { _id: r.id, type: 'catalogue', catalogueName: r.name, businessName: r.business_name, images };
}

/** Names of visible products and catalogues with a name word starting with the typed text (nav box). */
export async function suggestSearchTerms(ctx: Ctx, query: SearchSuggestionsQuery): Promise<SearchSuggestionsPayload> {
  const business = query.businessName ? await requirePublicBusiness(ctx, query.businessName) : null;
  const notBlocked = sql`array(select id from businesses where is_blocked)`;
  const inProducts = business ? sql`and p.business_id = ${business.id}` : sql`and p.business_id <> all(${notBlocked})`;
  const inCatalogues = business ? sql`and c.business_id = ${business.id}` : sql`and c.business_id <> all(${notBlocked})`;
  const typed = query.searchQuery.toLowerCase();
  const tq = await tsqueryOf(ctx, query.searchQuery, 'A');
  if (!tq) return { suggestions: [] };
  const tsq = sql`${tq}::tsquery`;
  // As in searchItems: one business is scanned through its btree, not the GIN index.
  const matches = (doc: SQL) => (business ? sql`coalesce(${doc}, ''::tsvector) @@ ${tsq}` : sql`${doc} @@ ${tsq}`);
  const { rows } = await ctx.db.execute<{ name: string }>(sql`with names as (
      (select p.product_name as name from products p
        where ${matches(sql`p.search`)} and p.is_public and not p.is_blocked ${inProducts} limit 200)
      union all
      (select c.catalogue_name from catalogues c
        where ${matches(sql`c.search`)} and c.is_public and not c.is_blocked ${inCatalogues} limit 200))
    select name from (select distinct on (lower(name)) name from names order by lower(name)) d
    order by (lower(name) like ${`${typed.replace(/[\\%_]/g, '\\$&')}%`}) desc, length(name), lower(name)
    limit ${query.perPage}`);
  return { suggestions: rows.map((r) => r.name) };
}
