import { mediaUrl } from '@stashblog/contract/paths';
import type {
  SearchPayload,
  SearchQuery,
  SearchResultItem,
  SearchSort,
  SearchSuggestionsPayload,
  SearchSuggestionsQuery,
} from '@stashblog/contract/search';
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

/**
 * The user's text as a tsquery, built in PostgreSQL so the query is split and normalised exactly like the
 * documents (simple dictionary, lower case, unaccent; any script). Every word matches as a prefix
 * ('sof' finds 'sofa'); a word that starts no known word is replaced by its nearest known words by
 * trigram similarity ('sofq' finds 'sofa'). Words are ANDed. `weight` restricts matches to one part.
 */
function tsqueryOf(text: string, weight = ''): SQL {
  return sql`(select string_agg('(' || ${lexeme(sql`w`)} || ':*' || ${weight} || coalesce((
        select string_agg(' | ' || ${lexeme(sql`n.word`)} || ${weight ? sql`':' || ${weight}` : sql`''`}, '')
        from (select word from search_words where word % w order by similarity(word, w) desc, word limit ${nearWords}) n
        where not exists (select 1 from search_words s
          where s.word like replace(replace(replace(w, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
      ), '') || ')', ' & ')::tsquery
    from (select distinct w from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, stash_unaccent(${text})))) w) words)`;
}

function orderBy(sort: SearchSort): SQL {
  switch (sort) {
    case 'Date, new to old':
      return sql`created_at desc, id desc`;
    case 'Date, old to new':
      return sql`created_at asc, id asc`;
    case 'Alphabetically A-Z':
      return sql`lower(name) asc, id asc`;
    case 'Alphabetically Z-A':
      return sql`lower(name) desc, id desc`;
    default:
      return sql`rank desc, created_at desc, id desc`;
  }
}

type Row = { type: 'product' | 'catalogue'; id: string; name: string; business_name: string; images: string[] | null; total: number };

/**
 * SPEC §7 GET public/user/search: public, unblocked products and catalogues of unblocked businesses,
 * in one business (businessName) or across all; ranked name > category/tags > description.
 */
export async function searchItems(ctx: Ctx, query: SearchQuery): Promise<SearchPayload> {
  const business = query.businessName ? await requirePublicBusiness(ctx, query.businessName) : null;
  const inProducts = business ? sql`and p.business_id = ${business.id}` : sql``;
  const inCatalogues = business ? sql`and c.business_id = ${business.id}` : sql``;
  const branches: SQL[] = [];
  if (query.filter !== 'Catalogues')
    branches.push(sql`select 'product' as type, p.business_id, p.id, p.product_name as name, b.business_name,
        p.images[1:${maxImages}]::text[] as images, ts_rank(p.search, q.tq) as rank, p.created_at
      from q, products p join businesses b on b.id = p.business_id
      where p.search @@ q.tq and p.is_public and not p.is_blocked and not b.is_blocked ${inProducts}`);
  if (query.filter !== 'Products')
    branches.push(sql`select 'catalogue' as type, c.business_id, c.id, c.catalogue_name as name, b.business_name,
        null::text[] as images, ts_rank(c.search, q.tq) as rank, c.created_at
      from q, catalogues c join businesses b on b.id = c.business_id
      where c.search @@ q.tq and c.is_public and not c.is_blocked and not b.is_blocked ${inCatalogues}`);
  const offset = Math.min((query.pageNo - 1) * query.perPage, maxOffset);
  const found = sql`with q as (select ${tsqueryOf(query.searchQuery)} as tq),
    found as (${sql.join(branches, sql` union all `)})`;
  const { rows } = await ctx.db.execute<Row>(sql`${found},
    page as (select *, count(*) over () as total from found order by ${orderBy(query.sort)} limit ${query.perPage} offset ${offset})
    select page.type, page.id, page.name, page.business_name, page.total::int as total,
      case when page.type = 'product' then page.images else array(
        select p.images[1]::text from catalogue_products cp
          join products p on p.business_id = cp.business_id and p.id = cp.product_id
        where cp.business_id = page.business_id and cp.catalogue_id = page.id
          and p.is_public and not p.is_blocked and cardinality(p.images) > 0
        order by cp.position, p.id limit ${maxImages}) end as images
    from page order by ${orderBy(query.sort)}`);
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
  const inProducts = business ? sql`and p.business_id = ${business.id}` : sql``;
  const inCatalogues = business ? sql`and c.business_id = ${business.id}` : sql``;
  const typed = query.searchQuery.toLowerCase();
  const { rows } = await ctx.db.execute<{ name: string }>(sql`with q as (select ${tsqueryOf(query.searchQuery, 'A')} as tq),
    names as (
      (select p.product_name as name from q, products p join businesses b on b.id = p.business_id
        where p.search @@ q.tq and p.is_public and not p.is_blocked and not b.is_blocked ${inProducts} limit 200)
      union all
      (select c.catalogue_name from q, catalogues c join businesses b on b.id = c.business_id
        where c.search @@ q.tq and c.is_public and not c.is_blocked and not b.is_blocked ${inCatalogues} limit 200))
    select name from (select distinct on (lower(name)) name from names order by lower(name)) d
    order by (lower(name) like ${`${typed.replace(/[\\%_]/g, '\\$&')}%`}) desc, length(name), lower(name)
    limit ${query.perPage}`);
  return { suggestions: rows.map((r) => r.name) };
}
