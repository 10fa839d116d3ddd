import { searchCountCap } from '@stashblog/contract/search-options';
import { type SQL, sql } from 'drizzle-orm';
import { type HiddenBusinesses, itemShowsBeside, itemShowsIn } from '../businesses/visibility.ts';
import {
  createdAtText,
  type MatchOptions,
  memberImages,
  orderBy,
  type Row,
  type SearchKind,
  type Source,
  sources,
  tableOrder,
} from './search-sources.ts';
import type { Exec } from './search-steering.ts';

// The parts of one search's statements (search-engine.ts, decision 054): which items a visitor may see, which
// match, in which tier, the columns a match carries, and a page of every kind's matches in the chosen order.

/** The tsquery text restricted to weights: 'sofa' & 'bed':* -> 'sofa':A & 'bed':*A. */
export function weighted(tq: string, weights: 'A' | 'AB'): string {
  return tq.replace(/('(?:[^'\\]|''|\\.)*')(:\*)?/g, (_m, lexeme: string, star?: string) => `${lexeme}:${star ? '*' : ''}${weights}`);
}

/** The term as tsquery, and restricted to names (tier 1) and to names and labels (tiers 1 and 2). */
export type TierQueries = { tsq: SQL; matching: SQL; inName: SQL; inLabels: SQL };

/**
 * What puts a row in a tier (0: no tiers): `row` tests the stored weighted document (cheap, for walks),
 * `indexed` is the same set as a condition a GIN index answers (name or label expression index, or the
 * full document). Null: the kind has no such tier (catalogues have no labels).
 */
export function tierCondition(s: Source, tier: number, q: TierQueries): { row: SQL; indexed: SQL } | null {
  // coalesce() hides the stored document from its GIN index: beside the tier's own index, a second GIN read of
  // the same words would only be ANDed in (a bitmap of every match in every tier: 34 ms for 'walnot mirrer').
  const stored = sql`coalesce(t.search, ''::tsvector)`;
  if (tier === 0) return { row: q.matching, indexed: sql`true` };
  if (tier === 1) return { row: sql`${stored} @@ ${q.inName}`, indexed: sql`${s.nameDoc} @@ ${q.tsq}` };
  if (tier === 2)
    return s.labelDoc
      ? { row: sql`${stored} @@ ${q.inLabels} and not t.search @@ ${q.inName}`, indexed: sql`${s.labelDoc} @@ ${q.tsq}` }
      : null;
  return { row: sql`${q.matching} and not t.search @@ ${s.labelDoc ? q.inLabels : q.inName}`, indexed: sql`true` };
}

export type Reads = ReturnType<typeof matchReads>;

/**
 * The statement parts of a search for `tq` (tsquery text). In one business visibility is a one-time filter on it;
 * across businesses the hidden businesses are a parameter (`hidden`, read beforehand): no statement joins the
 * businesses table with products or catalogues (a join let the planner repeat a GIN scan per business: 90 s for a
 * common typo in bench/search.ts; and Citus cannot plan one).
 */
export function matchReads(tq: string, opts: MatchOptions, hidden: HiddenBusinesses | null) {
  const tsq = sql`${tq}::tsquery`;
  const offset = (opts.pageNo - 1) * opts.perPage;
  const limit = Math.min(offset + opts.perPage, searchCountCap);
  const promoted = opts.promoted === undefined ? sql`` : sql` and t.is_promoted = ${opts.promoted}`;
  const visible = (kind: SearchKind) =>
    sql`${
      opts.businessId
        ? sql`t.business_id = ${opts.businessId} and ${itemShowsIn(kind, sql`t`, sql`${opts.businessId}::uuid`)}`
        : itemShowsBeside(kind, sql`t`, hidden ?? { product: [], catalogue: [] })
    }${promoted}`;
  const matching = sql`t.search @@ ${tsq}`;
  const relevance = opts.sort === 'Relevance';
  // A row's tier is read from its stored weighted document (A name, B labels): no document is rebuilt.
  const inName = sql`${weighted(tq, 'A')}::tsquery`;
  const inLabels = sql`${weighted(tq, 'AB')}::tsquery`;
  const tiers: TierQueries = { tsq, matching, inName, inLabels };
  const tierOf = () => (relevance ? sql`case when t.search @@ ${inName} then 1 when t.search @@ ${inLabels} then 2 else 3 end` : sql`0`);
  // What a search page shows of a match across businesses (opts.details): its business's name and, for a catalogue,
  // its members' images. PostgreSQL computes such sub-selects after the sort and limit, for the rows returned only;
  // a read returns at most a page of rows on the first page, so the reads carry them there (on a later page, and
  // without details, the caller looks them up for the page alone).
  const details = opts.details === true && !opts.businessId;
  const ofBusiness = (column: SQL, row: SQL) => sql`(select ${column} from businesses b where b.id = ${row}.business_id)`;
  const columns = (s: Source, tier: SQL, withDetails = details && offset === 0) =>
    sql`${s.kind}::text as type, t.business_id, t.id, ${s.name} as name, ${createdAtText(sql`t.created_at`)} as created_at, ${tier}::int as tier, ${
      withDetails && s.kind === 'catalogue' ? memberImages(sql`t.business_id`, sql`t.id`) : s.images
    } as images, ${withDetails ? ofBusiness(sql`b.business_name`, sql`t`) : sql`null::text`} as business_name, ${
      withDetails ? ofBusiness(sql`b.display_name`, sql`t`) : sql`null::text`
    } as business_display_name`;
  const rankedOrder = (s: Source) => (relevance ? sql`${tierOf()}, ${tableOrder(opts.sort, s)}` : tableOrder(opts.sort, s));
  const kinds = opts.kinds.map((k) => sources[k]);
  /** Every match of one kind, best first, up to `limit`. */
  const allOf = (s: Source) =>
    sql`(select ${columns(s, tierOf(), false)} from ${s.from} t where ${visible(s.kind)} and ${matching} order by ${rankedOrder(s)} limit ${limit})`;
  /** The rows offset (or `from`) to limit of the members' rows (each a read returning page columns), sorted in SQL
   * (names by the database's collation); the details for the page's rows alone. */
  const page = (db: Exec, members: SQL[], from = offset) =>
    db.execute<Row>(sql`select m.type, m.business_id, m.id, m.name, m.created_at, m.tier, ${
      details
        ? sql`case when m.type = 'catalogue' then ${memberImages(sql`m.business_id`, sql`m.id`)} else m.images end as images, ${ofBusiness(sql`b.business_name`, sql`m`)} as business_name, ${ofBusiness(sql`b.display_name`, sql`m`)} as business_display_name`
        : sql`m.images, m.business_name, m.business_display_name`
    } from (${sql.join(members, sql` union all `)}) m
      order by ${orderBy(opts.sort)} limit ${limit - from} offset ${from}`);
  return {
    tq,
    sort: opts.sort,
    businessId: opts.businessId,
    tsq,
    matching,
    inName,
    inLabels,
    tiers,
    offset,
    limit,
    relevance,
    /** Whether a page is read at all for `n` matches: none when there are none, or when the caller scores them itself. */
    pageNeeded: (n: number) => n > 0 && !(opts.rankedBelowCap === true && n <= searchCountCap),
    kinds,
    visible,
    tierOf,
    columns,
    allOf,
    page,
    /** Every match of every kind, one page of them. */
    allPage: (db: Exec) => page(db, kinds.map(allOf)),
  };
}
