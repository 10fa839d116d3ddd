import { searchCountCap } from '@stashblog/contract/search-options';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { commonRows, counted, countMatches, ginCount } from './search-count.ts';
import type { Reads } from './search-reads.ts';
import { type MatchPage, toPage } from './search-sources.ts';
import {
  bitmapOnly,
  direct,
  estimate,
  noIndex,
  type Planned,
  type Scan,
  searchTransaction,
  stoppable,
  unlessStopped,
} from './search-steering.ts';
import { tierPage } from './search-tier-page.ts';

// Search across businesses with the planner steered (decision 054; only with AppContext.searchPlanSteering on). Its
// page is the plain path's (search-engine.ts); only the plans differ. No plan is left to the planner's guess of how
// common a combination of words is (a guess that is wrong by 10,000x walked 890,000 rows for one query):
// - the count stops at searchCountCap + 1 rows (countMatches), on the table's first pages for a term the planner
//   expects to be common;
// - at most searchCountCap matches: all of them are read through the GIN index (bitmap scans only) and sorted;
// - more: tier by tier (search-tier-page.ts), walking the items in page order for a term proven common, else
//   through each tier's GIN index, a large tier within the newest items first. When the planner expects a term
//   past the cap but not common, the count and these reads run at once, on two pooled connections.

type Ctx = Pick<AppContext, 'db'>;

export async function steeredPage(ctx: Ctx, r: Reads): Promise<MatchPage> {
  const inTransaction = <T>(work: (tx: Planned) => Promise<T>, first: Record<Scan, boolean> = bitmapOnly) =>
    searchTransaction(ctx.db, first, work);
  // The planner's guess chooses the plans below, never the result (every path pages exactly).
  const expected = await expectedMatches(ctx, r);
  if (r.offset < r.limit && expected > searchCountCap && expected < commonRows) {
    // A term counted through GIN and expected past the cap: the count and the page do not need each other (the page
    // is read tier by tier whatever the count), so each runs in its own transaction on its own pooled connection, at
    // once ('walnot mirrer': ~13 ms of count beside ~16 ms of tier reads). Neither holds a connection while waiting
    // for the other's, so a full pool only queues them. A count that finds no page needed (no match, or few enough
    // for the caller to score) stops the tier reads at their next statement (decision 070): 'royal teak sofa' has
    // no item with all three words, and its empty tiers were read for 16 ms after the count had found none.
    let total: number | undefined;
    const [n, rows] = await Promise.all([
      inTransaction((tx) => ginCount(tx, r.kinds, r, { labelsFirst: true })).then((c) => (total = c)),
      inTransaction((tx) =>
        tierPage(
          stoppable(tx, () => total !== undefined && !r.pageNeeded(total)),
          r,
          false,
        ),
      ).catch(unlessStopped),
    ]);
    return toPage(r.pageNeeded(n) ? rows : [], n);
  }
  return inTransaction(
    async (tx) => {
      const { n, common } = await countMatches(tx, r.kinds, r, expected);
      // No page, or the caller reads and scores every match (search-ranked.ts): a page read here would be thrown away.
      if (r.offset >= r.limit || !r.pageNeeded(n)) return toPage([], n);
      if (n <= searchCountCap) {
        // Bitmap scans only (GIN), whatever the planner guesses.
        tx.allow({ seqscan: false, indexscan: false, bitmapscan: true });
        return toPage((await r.allPage(tx)).rows, n);
      }
      return toPage(await tierPage(tx, r, common), n);
    },
    // The count's first statement: the prefix count reads a TID range, the GIN count bitmaps.
    counted(r.kinds, expected) === 'prefix' ? noIndex : bitmapOnly,
  );
}

/** How many visible products the planner expects to match (EXPLAIN, kept a minute); 0 when no products are searched. */
export async function expectedMatches(ctx: Ctx, r: Reads): Promise<number> {
  return r.kinds.some((s) => s.kind === 'product')
    ? await estimate(direct(ctx.db), sql`select 1 from products t where ${r.visible('product')} and ${r.matching}`, ctx.db)
    : 0;
}
