import { type SQL, sql } from 'drizzle-orm';
import { itemIsPublic } from '../businesses/visibility.ts';
import { type Reads, tierCondition } from './search-reads.ts';
import {
  type Row,
  type SearchKind,
  type Source,
  sources,
  tableOrder,
  walkRowsMax,
  walkRowsMin,
  walkRowsPerMatch,
} from './search-sources.ts';
import { estimates, type Planned } from './search-steering.ts';
import {
  chainedProbe,
  merge,
  type Probe,
  recencyEdges,
  recencyOrdered,
  recentShares,
  tierIndex,
  tierProbe,
  wholeTierRows,
} from './search-tiers.ts';

// The steered read of a page of a term with more matches than are counted (decision 054; search-steered.ts).

/**
 * The page (rows offset to limit) read tier by tier, best first, until `limit` rows are found: the steered plan for a
 * term with more than searchCountCap matches, exact for any number of them. `common` (proven on the table's first
 * pages) only chooses walks over GIN reads.
 */
export async function tierPage(tx: Planned, r: Reads, common: boolean): Promise<Row[]> {
  const { kinds, limit, offset, relevance, tq, columns, visible } = r;
  // Bitmap scans only (GIN), whatever the planner guesses; the walks below set their own plan.
  tx.allow({ seqscan: false, indexscan: false, bitmapscan: true });
  const found: Row[] = [];
  // A term proven common (on the table's first pages) walks the items in page order: a page's worth of
  // them match within a few hundred rows. A term counted through GIN is rarer (decision 024): a walk
  // would mostly read rows that do not match, so a tier is read through its GIN index, a large one first
  // within the newest items only.
  const recent = async () => (common || !recencyOrdered(r.sort) ? [] : await recencyEdges(tx, r.sort));
  // How many products the planner expects in a tier: its own condition only (the visibility filters' estimates,
  // business_id <> all(...), say nothing about the term and shrink it on small tables). Tiers 1 and 2 are asked
  // in one EXPLAIN, a round trip fewer when both are read.
  const expectedIn = new Map<number, number>();
  const tierEstimate = async (tier: number) => {
    if (!expectedIn.has(tier)) {
      const asked = relevance && tier < 3 ? [1, 2] : [tier];
      const rows = await estimates(
        tx.unplanned,
        asked.map((t) => {
          const cond = tierCondition(sources.product, t, r.tiers);
          return sql`select 1 from products t where ${t === 1 || t === 2 ? cond?.indexed : cond?.row}`;
        }),
        tx.database,
      );
      for (const [i, t] of asked.entries()) expectedIn.set(t, rows[i] ?? 0);
    }
    return expectedIn.get(tier) ?? 0;
  };
  const tiers = relevance ? [1, 2, 3] : [0];
  // The next tier's first product read, made in the statement of this tier's first range read (chained below).
  let ahead = null as { tier: number; rows: Row[]; whole: boolean; range: number } | null;
  for (const tier of tiers) {
    const need = limit - found.length;
    if (need <= 0) break;
    const inTier: Row[] = [];
    const walks = common || !recencyOrdered(r.sort);
    // The walk: the newest (or first by name) visible items, a bounded number of them, tested row by row; every
    // kind's in one statement (a round trip fewer for products and catalogues).
    const walked = new Map<SearchKind, Row[]>();
    if (walks) {
      const walk = Math.min(walkRowsMax, Math.max(walkRowsMin, need * walkRowsPerMatch));
      const each = kinds.flatMap((s) => {
        const cond = tierCondition(s, tier, r.tiers);
        const inOrder = tableOrder(r.sort, s);
        return cond === null
          ? []
          : [
              sql`(select ${columns(s, sql`${tier}`)} from (select * from ${s.from} t
                where ${itemIsPublic(sql`t`)} order by ${inOrder} limit ${walk}) t
              where ${visible(s.kind)} and ${cond.row} order by ${inOrder} limit ${need})`,
            ];
      });
      tx.allow({ indexscan: true });
      for (const r of (await tx.execute<Row>(sql.join(each, sql` union all `))).rows) {
        walked.set(r.type, [...(walked.get(r.type) ?? []), r]);
      }
      tx.allow({ indexscan: false });
    }
    // The tier of a kind through its GIN index, optionally only from the items on the right of a page-order edge.
    const readOf = (s: Source, cond: { row: SQL; indexed: SQL }, edge?: string, inTierNo = tier) =>
      sql`(select ${columns(s, sql`${inTierNo}`)} from ${s.from} t
        where ${visible(s.kind)} and ${cond.indexed} and ${cond.row}${edge === undefined ? sql`` : sql` and t.created_at ${r.sort === 'Date, old to new' ? sql`<=` : sql`>=`} ${edge}::timestamptz`}
        order by ${tableOrder(r.sort, s)} limit ${need})`;
    // Catalogues (a few dozen per shop) are read whole; outside walks their read rides along with the products'
    // first statement of the tier, a round trip fewer.
    const catalogue = walks ? undefined : kinds.find((k) => k.kind === 'catalogue');
    const catalogueCond = catalogue && tierCondition(catalogue, tier, r.tiers);
    let carried = catalogue && catalogueCond ? readOf(catalogue, catalogueCond) : null;
    const run = async (query: SQL, kind: SearchKind) => {
      const all = (await tx.execute<Row>(carried ? sql`${query} union all ${carried}` : query)).rows;
      carried = null;
      inTier.push(...all.filter((r) => r.type !== kind));
      return all.filter((r) => r.type === kind);
    };
    // A range read that also says whether it holds the whole tier (tierProbe): then the tier is not read again.
    // `next`: the next tier's first product read, made in the same statement only when this read proves its tier
    // whole and short of the page (chainedProbe), a round trip fewer.
    const runProbed = async (
      query: SQL,
      kind: SearchKind,
      index: string,
      next?: { tier: number; read: SQL; index: string | null; range: number },
    ) => {
      const probe = tierProbe(carried ? sql`${query} union all ${carried}` : query, index);
      const probed = await tx.execute<Row & Probe & { part?: number }>(
        next ? chainedProbe(probe, tierProbe(next.read, next.index ?? index), kind, need) : probe,
      );
      carried = null;
      const split = (part: number | undefined) => {
        const of = part === undefined ? probed.rows : probed.rows.filter((r) => r.part === part);
        const all = of.filter((r) => r.type !== null).map(({ index_scans: _s, index_tids: _t, part: _p, ...r }) => r as Row);
        const rows = all.filter((r) => r.type === kind);
        // One scan of the tier's index, and as many of its entries as rows found: every one of them is in the range.
        const whole = of[0] !== undefined && Number(of[0].index_scans) === 1 && Number(of[0].index_tids) === rows.length;
        return { all, rows, whole, read: of.length > 0 };
      };
      const first = split(next ? 1 : undefined);
      inTier.push(...first.all.filter((r) => r.type !== kind));
      if (next) {
        const second = split(2);
        // A whole read (no index to prove it by) holds its tier's first `need` rows: as good as whole here.
        if (second.read) ahead = { tier: next.tier, rows: second.rows, whole: next.index === null || second.whole, range: next.range };
      }
      return { rows: first.rows, whole: first.whole };
    };
    for (const s of kinds) {
      const cond = tierCondition(s, tier, r.tiers);
      if (cond === null || (s.kind === 'catalogue' && !walks)) continue;
      const read = (edge?: string) => run(readOf(s, cond, edge), s.kind);
      let rows: Row[] = [];
      // The tier's every row is in `rows` (a range read proved it holds them all).
      let wholeTier = false;
      const early = s.kind === 'product' && ahead?.tier === tier ? ahead : null;
      if (early) ahead = null;
      if (walks) {
        rows = walked.get(s.kind) ?? [];
      } else if (early && (early.whole || early.rows.length >= need)) {
        // Read in the previous tier's statement (its first range read, or whole).
        rows = early.rows;
        wholeTier = early.whole;
      } else if (s.kind === 'product' && (await tierEstimate(tier)) >= wholeTierRows) {
        // A tier the planner expects to be large: its newest items first (a GIN bitmap ANDed with the btree's
        // range: the heap is read for the matches in that range alone), a wider range while the page is not
        // filled and the tier still looks large.
        const edges = await recent();
        for (const [i, edge] of edges.entries()) {
          // Ranges the next tier's read ahead (below) already covered are not read again.
          if (early && i < early.range) continue;
          // A true prefix (':*') is matched by GIN as a bitmap that may count a whole heap page as one entry.
          const index = tq.includes(':*') ? null : tierIndex(tier);
          // The next tier's first read rides along with this tier's first (when this one proves itself whole and
          // short of the page): whole if it is expected small, else in a range one wider than this one's. The page is
          // read from it only when this tier is found short, and then mostly from the next tier's older rows: in
          // bench/search.ts the label tier of 'walnot mirrer' had none of its 6,150 rows in the newest 1 % of
          // products, and a round trip more for the 4 % range cost ~3 ms more than reading it at once.
          const nextCond = i === 0 && tier === 1 && s.kind === 'product' ? tierCondition(s, 2, r.tiers) : null;
          const nextLarge = nextCond !== null && (await tierEstimate(2)) >= wholeTierRows;
          const nextRange = Math.min(i + 1, edges.length - 1);
          const next = nextCond && {
            tier: 2,
            read: readOf(s, nextCond, nextLarge ? edges[nextRange] : undefined, 2),
            index: nextLarge ? tierIndex(2) : null,
            range: nextLarge ? nextRange : edges.length,
          };
          const inRange =
            early && i === early.range
              ? early
              : index
                ? await runProbed(readOf(s, cond, edge), s.kind, index, next ?? undefined)
                : { rows: await read(edge), whole: false };
          if (inRange.rows.length >= need || inRange.whole) {
            rows = inRange.rows;
            wholeTier = inRange.whole;
            break;
          }
          // Few in this range: the tier is small enough to read whole. Not judged on the newest 1 % alone: a
          // tier can miss it where the planner expects thousands (in bench/search.ts the newest 1 % is ten shops,
          // and 'walnot mirrer' had its 6,150 label-tier rows in none of them but a blocked one; the whole read took
          // 25 ms, the 4 % range 7 ms).
          if (i > 0 && (inRange.rows.length * 100) / (recentShares[i] ?? 100) < wholeTierRows) break;
        }
      }
      // Not filled yet (nor known whole): the tier is rare enough to read whole through GIN.
      if (rows.length < need && !wholeTier) rows = await read();
      inTier.push(...rows);
    }
    // Nothing to ride along with (catalogues alone, or no product tier).
    if (carried) inTier.push(...(await tx.execute<Row>(carried)).rows);
    found.push(...(kinds.length === 1 ? inTier : await merge(tx, inTier, r.sort, need)));
  }
  return found.slice(offset, limit);
}
