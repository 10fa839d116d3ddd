import { searchCountCap } from '@stashblog/contract/search-options';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { itemIsPublic, readHiddenBusinesses } from '../businesses/visibility.ts';
import { ginCount } from './search-count.ts';
import { matchReads, type Reads, tierCondition } from './search-reads.ts';
import {
  type KeptReads,
  keptAMinute,
  type MatchOptions,
  type MatchPage,
  orderBy,
  type Row,
  type Source,
  tableOrder,
  toPage,
} from './search-sources.ts';
import { expectedMatches, steeredPage } from './search-steered.ts';
import { type Planned, stoppable, unlessStopped, unsteered } from './search-steering.ts';

// The one search engine (decision 054) behind the storefront search, the nav box's suggestions and the directory's
// product and catalogue searches: which visible items match a term, one page of them in the chosen order, and how
// many there are (exact up to searchCountCap). In one business a single read. Across businesses either the plain
// path (below: the planner's own plans) or, with the steering switch on (AppContext.searchPlanSteering), the
// steered one (search-steered.ts); both return the same page (search-paths.test.ts runs every query through both).

type Ctx = Pick<AppContext, 'db' | 'searchPlanSteering'>;

/**
 * Visible items matching `tq` (tsquery text), one page of them in the chosen order, and how many there are.
 * Relevance is a tier, then newest first: 1 every word is in the name, 2 in the name, category, tags or item no,
 * 3 a word needs the description (the 'Relevance' page of the storefront search is then scored, search-ranked.ts).
 * Only the first searchCountCap matches can be paged to; `count` is exact up to there, `countCapped` says there
 * are more.
 */
export async function findMatches(ctx: Ctx, tq: string, opts: MatchOptions): Promise<MatchPage> {
  if (opts.businessId) return shopPage(ctx, matchReads(tq, opts, null));
  const hidden = opts.hidden ?? (await readHiddenBusinesses(ctx.db));
  if (ctx.searchPlanSteering) return steeredPage(ctx, matchReads(tq, opts, hidden));
  // The plain path reads no business details beside the matches (a sub-select of businesses per row, which a
  // distributed PostgreSQL cannot plan): the caller looks them up for the page.
  return plainPage(ctx, matchReads(tq, { ...opts, details: false }, hidden));
}

/**
 * Across businesses with the steering switch on: whether the planner expects at most searchCountCap matches of `tq`, so
 * that a 'Relevance' search reads and scores them at once (search-ranked.ts; its read counts them too) instead of
 * counting them first. The guess only orders the reads: a ranked read that finds more gives way to findMatches.
 */
export async function fewMatchesExpected(ctx: Ctx, tq: string, opts: MatchOptions): Promise<boolean> {
  if (!ctx.searchPlanSteering || opts.businessId) return false;
  const hidden = opts.hidden ?? (await readHiddenBusinesses(ctx.db));
  return (await expectedMatches(ctx, matchReads(tq, opts, hidden))) <= searchCountCap;
}

/**
 * One business: every match is read once, for the page and the count together (a shop's matches are a few hundred
 * at most). Products through the GIN index on (business_id, search), which intersects the business's posting list
 * with the words', unless a word is a true prefix (':*'): its GIN lookup would collect that prefix's matches in
 * every business first, so then the business's btree is read instead, as are catalogues (a few dozen per shop).
 * coalesce() hides the document from the GIN index. A catalogue's images are not read here: planning memberImages
 * cost every search ~0.2 ms of backend CPU (the caller looks them up for the page's catalogues alone).
 */
async function shopPage(ctx: Ctx, r: Reads): Promise<MatchPage> {
  const viaBtree = sql`coalesce(t.search, ''::tsvector) @@ ${r.tsq}`;
  const inShop = (s: Source) => (s.kind === 'product' && !r.tq.includes(':*') ? r.matching : viaBtree);
  const every = sql.join(
    r.kinds.map((s) => sql`(select ${r.columns(s, r.tierOf())} from ${s.from} t where ${r.visible(s.kind)} and ${inShop(s)})`),
    sql` union all `,
  );
  const { rows } = await ctx.db.execute<{ n: number; page: Row[] }>(sql`with m as materialized (${every})
    select (select count(*) from m)::int as n, (select coalesce(json_agg(p), '[]'::json) from (select * from m
      order by ${orderBy(r.sort)} limit ${Math.max(0, r.limit - r.offset)} offset ${r.offset}) p) as page`);
  return toPage(rows[0]?.page ?? [], rows[0]?.n ?? 0);
}

/**
 * Across businesses, plainly: the count (exact up to searchCountCap + 1) and the page, at once on two pooled
 * connections, each statement's plan the planner's own. The page is every kind's first `limit` matches in page order,
 * sorted together; for 'Relevance' tier by tier, best first, until `limit` rows are found: a later tier is never
 * read once the earlier ones fill the page (read together, the planner walked the whole table for an empty tier 2 of
 * 'sofa' beside its full tier 1: 450 ms a search on 1,000,000 products). Tier 2 is read within the newest items
 * first (decision 068). Exact for any number of matches.
 */
async function plainPage(ctx: Ctx, r: Reads): Promise<MatchPage> {
  const db = unsteered(ctx.db);
  // A tier's first `limit` matches of every kind; with `since`, only those created since then.
  const inTier = (tier: number, since?: string) =>
    r.kinds.flatMap((s) => {
      const c = tierCondition(s, tier, r.tiers);
      return c === null
        ? []
        : [
            sql`(select ${r.columns(s, sql`${tier}`, false)} from ${s.from} t where ${r.visible(s.kind)} and ${c.indexed} and ${c.row}${
              since === undefined ? sql`` : sql` and t.created_at >= ${since}::timestamptz`
            }
              order by ${tableOrder(r.sort, s)} limit ${r.limit})`,
          ];
    });
  const readPage = async (reader: Planned): Promise<Row[]> => {
    if (r.offset >= r.limit) return [];
    if (!r.relevance) return (await r.allPage(reader)).rows;
    const found: Row[] = [];
    for (const tier of [1, 2, 3]) {
      const need = r.limit - found.length;
      if (need <= 0) break;
      const members = inTier(tier);
      if (members.length === 0) continue;
      // Tier 2 (labels), needed only when the names left the page short, is read within the newest items first: a
      // range holding `need` of its rows holds its newest `need` (all else is older), and the heap is read for the
      // range's matches alone ('walnot mirrer' in bench/search.ts: 6,150 label rows, 13.8 ms whole, 4.5 ms in the
      // newest 4 %). Short, the tier is read whole. Within a tier the page is newest first.
      const since = tier === 2 ? await recentEdge(db) : null;
      if (since !== null) {
        const recent = (await r.page(reader, inTier(tier, since), 0)).rows;
        if (recent.length >= need) {
          found.push(...recent);
          continue;
        }
      }
      found.push(...(await r.page(reader, members, 0)).rows);
    }
    return found.slice(r.offset, r.limit);
  };
  // A count that finds no page needed stops the page's reads at their next statement (decision 070).
  let total: number | undefined;
  const [n, rows] = await Promise.all([
    ginCount(db, r.kinds, r).then((c) => (total = c)),
    readPage(stoppable(db, () => total !== undefined && !r.pageNeeded(total))).catch(unlessStopped),
  ]);
  return toPage(r.pageNeeded(n) ? rows : [], n);
}

// The newest share of the products' time span that tier 2 is read in first (plainPage, decision 068). The span's ends
// are read once a minute per database (keptAMinute; min and max on products_visible_newest_idx, and on Citus each
// shard answers its own). A stale edge only moves where the range ends, never a page: search-recent.test.ts pages both
// sides of it.
const recentSpanShare = 0.04;
const spanEdges: KeptReads<string | null> = new WeakMap();

/** The creation time that leaves the newest recentSpanShare of the visible products' time span on its right; null: none. */
function recentEdge(db: Planned): Promise<string | null> {
  const read = async () =>
    (
      await db.execute<{
        edge: string | null;
      }>(sql`select (max(t.created_at) - (max(t.created_at) - min(t.created_at)) * ${recentSpanShare})::text
        as edge from products t where ${itemIsPublic(sql`t`)}`)
    ).rows[0]?.edge ?? null;
  return keptAMinute(spanEdges, db.database, 'products', read, (edge) => edge !== null);
}
