import { searchCountCap } from '@stashblog/contract/search-options';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { itemShowsBeside, itemShowsIn, readHiddenBusinesses } from '../businesses/visibility.ts';
import type { QueryUnit } from './search-query.ts';
import { byRelevance, type DocEntry, docOf, scoreDoc, scoredWords } from './search-score.ts';
import { type MatchOptions, type MatchPage, type SearchKind, toPage } from './search-sources.ts';

// The 'Relevance' order (decision 054): every match is read once with its stored search document and scored here
// (search-score.ts). In one business (a few thousand items at most) always; across businesses when the matches are
// counted at most searchCountCap (a larger set keeps the engine's tiers, search-engine.ts). No planner steering.

type Ctx = Pick<AppContext, 'db'>;

const tables: Record<SearchKind, { from: SQL; name: SQL; images: SQL }> = {
  product: { from: sql`products`, name: sql`t.product_name`, images: sql`t.images::text[]` },
  catalogue: { from: sql`catalogues`, name: sql`t.catalogue_name`, images: sql`null::text[]` },
};

type Row = {
  type: SearchKind;
  business_id: string;
  id: string;
  name: string;
  created_at: string;
  images: string[] | null;
  doc: DocEntry[];
  name_end: number | null;
};

/** Every visible item matching `tq` (tsquery text), scored against `units`, one page of them best first. */
export async function rankMatches(
  ctx: Ctx,
  tq: string,
  units: QueryUnit[],
  opts: Pick<MatchOptions, 'kinds' | 'businessId' | 'pageNo' | 'perPage' | 'hidden'>,
): Promise<MatchPage> {
  const tsq = sql`${tq}::tsquery`;
  const hidden = opts.businessId ? null : (opts.hidden ?? (await readHiddenBusinesses(ctx.db)));
  // Of each document only the lexemes the score looks at (a few of its dozens): less to send and to read here.
  const wanted = scoredWords(units);
  const doc = sql`(select coalesce(json_agg(json_build_array(u.lexeme, u.positions, u.weights)), '[]'::json) from unnest(t.search) u
    where u.lexeme = any(${sql.param(wanted.words)}::text[]) or u.lexeme like any(${sql.param(wanted.prefixes)}::text[]))`;
  // Where the name ends in the document: its last name-weighted (A) position. One function call nested in another's
  // select list: a sub-select joining two unnest() calls, the second on the first's column, crashes a Citus 13.2
  // coordinator (signal 11) when read across shops.
  const nameEnd = sql`(select max(pos) from (select unnest(positions) as pos from unnest(ts_filter(t.search, '{a}'))) s)::int`;
  const read = (kind: SearchKind) => {
    const t = tables[kind];
    // In one business products go through the (business_id, search) GIN index unless a word is a true prefix, whose
    // GIN lookup would collect its matches in every business first; then, as for catalogues, the business's btree
    // (coalesce() hides the document from the GIN index).
    const where = opts.businessId
      ? sql`t.business_id = ${opts.businessId} and ${itemShowsIn(kind, sql`t`, sql`${opts.businessId}::uuid`)} and ${
          kind === 'product' && !tq.includes(':*') ? sql`t.search @@ ${tsq}` : sql`coalesce(t.search, ''::tsvector) @@ ${tsq}`
        }`
      : sql`${itemShowsBeside(kind, sql`t`, hidden ?? { product: [], catalogue: [] })} and t.search @@ ${tsq}`;
    return sql`(select ${kind}::text as type, t.business_id, t.id, ${t.name} as name,
      to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, ${t.images} as images,
      ${doc} as doc, ${nameEnd} as name_end from ${t.from} t where ${where}${opts.businessId ? sql`` : sql` limit ${searchCountCap + 1}`})`;
  };
  const { rows } = await ctx.db.execute<Row>(sql.join(opts.kinds.map(read), sql` union all `));
  const scored = rows
    .map((r) => ({ row: r, score: scoreDoc(docOf(r.doc), units, r.name_end ?? 0), createdAt: r.created_at, id: r.id }))
    .sort(byRelevance);
  const offset = (opts.pageNo - 1) * opts.perPage;
  const end = Math.min(offset + opts.perPage, searchCountCap);
  return toPage(
    scored.slice(offset, Math.max(offset, end)).map((s) => s.row),
    rows.length,
  );
}
