import type { SearchSort } from '@stashblog/contract/search-options';
import { type SQL, sql } from 'drizzle-orm';
import { type KeptReads, keptAMinute, orderBy, type Row, type SearchKind } from './search-sources.ts';
import type { Planned } from './search-steering.ts';

// The steered tier reads' tools (search-tier-page.ts, decision 054): the recency ranges a large tier is read in (from
// pg_stats), the probes that prove a tier whole (from pg_stat_get_xact_* counters), and merging the rows read.

// A tier of a term counted through GIN that the planner expects to hold at least wholeTierRows products is
// read newest first in widening ranges of creation time: the newest 1 %, 4 % and 16 % of products (by the
// column's statistics), then whole; a range whose matches project to fewer than wholeTierRows in the whole
// table ends the widening early. A smaller tier is read whole at once (one GIN read instead of two).
export const wholeTierRows = 2000;
export const recentShares = [1, 4, 16];
export const recencyOrdered = (sort: SearchSort) => sort === 'Relevance' || sort === 'Date, new to old' || sort === 'Date, old to new';

// The edges are kept for a minute per database (keptAMinute): reading pg_stats took 3-6 ms per search, and a stale edge
// only moves where the first range ends (a range's newest matches are the newest overall, wherever it ends).
const edgesCache: KeptReads<string[]> = new WeakMap();

/**
 * The created_at values that leave the newest (oldest, for 'Date, old to new') 1 %, 4 % and 16 % of products
 * on their side, read from the column's histogram (ANALYZE keeps it; no table is read). Empty without one, which is
 * not kept (never analysed yet).
 */
export function recencyEdges(tx: Planned, sort: SearchSort): Promise<string[]> {
  return keptAMinute(
    edgesCache,
    tx.database,
    sort,
    () => readRecencyEdges(tx, sort),
    (e) => e.length > 0,
  );
}

async function readRecencyEdges(tx: Planned, sort: SearchSort): Promise<string[]> {
  const oldest = sort === 'Date, old to new';
  const { rows } = await tx.unplanned.execute<{ edges: string[] | null }>(sql`select array(
      select h[case when ${oldest} then 1 + ceil(f * (cardinality(h) - 1) / 100.0)::int
        else cardinality(h) - ceil(f * (cardinality(h) - 1) / 100.0)::int end]::text
      from unnest(${`{${recentShares.join(',')}}`}::int[]) with ordinality as s(f, i) order by i) as edges
    from (select histogram_bounds::text::timestamptz[] as h from pg_stats
      where schemaname = current_schema() and tablename = 'products' and attname = 'created_at') st`);
  return rows[0]?.edges ?? [];
}

/** The GIN index a product tier's range read scans (tierCondition's `indexed`), null: not one of its own. */
export function tierIndex(tier: number): string | null {
  return tier === 1 ? 'products_search_name_idx' : tier === 2 ? 'products_search_label_idx' : null;
}

export type Probe = { index_scans: string | number; index_tids: string | number };

/**
 * A tier's range read, with how many scans of the tier's GIN index it made and how many entries (heap row
 * versions, any visibility) those returned: PostgreSQL's statistics of this transaction (pg_stat_xact_user_indexes'
 * idx_scan and idx_tup_read; a bitmap scan counts every entry it puts in its bitmap), read before and after the
 * rows. One scan that returned as many entries as the rows found means the tier holds those rows alone: every
 * entry of the whole tier (its index condition has no date in it) passed the range and every filter. Only for a
 * query without a true prefix: GIN's partial match may return a whole heap page as one (lossy) entry. A tier whose
 * words never meet in one name ('walnot mirrer', decision 033) is then known empty after its first read, where it
 * was read a second time, whole. No scan counted (track_counts off, a plan without that index, no index of that
 * name: to_regclass gives null): not proved.
 * The range read is the right side of a left join with the counters' first reading on its left, so the counters
 * are read before it (the left side runs first) and after it (the select list of a joined row; the read's sort
 * has consumed every row by then); a row with a null type only carries the counters.
 */
export function tierProbe(read: SQL, index: string): SQL {
  const scans = sql`pg_stat_get_xact_numscans(to_regclass(${index}))`;
  const tids = sql`pg_stat_get_xact_tuples_returned(to_regclass(${index}))`;
  return sql`select ${scans} - b.scans as index_scans, ${tids} - b.tids as index_tids, r.*
    from (select ${scans} as scans, ${tids} as tids offset 0) b left join (${read}) r on true`;
}

/**
 * Two probed reads (tierProbe) in one statement, the second (the next tier's first read) run only when the first
 * proved its tier whole and short of the page (`need` rows of `kind`): PostgreSQL runs a member of a UNION ALL
 * whose one-time filter (a sub-select of the materialised first) is false not at all. `part` says whose a row is.
 */
export function chainedProbe(first: SQL, second: SQL, kind: SearchKind, need: number): SQL {
  const found = sql`count(*) filter (where p1.type = ${kind})`;
  return sql`with p1 as materialized (${first})
    select 1 as part, p1.* from p1
    union all
    select 2 as part, p2.* from (${second}) p2
    where (select min(p1.index_scans) = 1 and min(p1.index_tids) = ${found} and ${found} < ${need} from p1)`;
}

/**
 * Rows of two kinds, each already in page order, merged: by date here (created_at's text order is its time order,
 * ids are lower-case uuid text, whose order is PostgreSQL's), by name in PostgreSQL (its collation sorts names).
 */
export async function merge(tx: Planned, rows: Row[], sort: SearchSort, need: number): Promise<Row[]> {
  if (rows.length === 0) return rows;
  if (sort !== 'Alphabetically A-Z' && sort !== 'Alphabetically Z-A') {
    const asc = sort === 'Date, old to new' ? 1 : -1;
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return [...rows].sort((a, b) => a.tier - b.tier || asc * text(a.created_at, b.created_at) || asc * text(a.id, b.id)).slice(0, need);
  }
  // No table is read: the planner settings need not be sent first.
  const { rows: merged } =
    await tx.unplanned.execute<Row>(sql`select type, business_id, id, name, created_at, tier, images, business_name, business_display_name
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as m(type text, business_id uuid, id uuid, name text, created_at text, tier int, images text[], business_name text,
        business_display_name text)
    order by ${orderBy(sort)} limit ${need}`);
  return merged;
}
