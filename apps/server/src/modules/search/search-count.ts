import { searchCountCap } from '@stashblog/contract/search-options';
import { type SQL, sql } from 'drizzle-orm';
import type { SearchKind, Source } from './search-sources.ts';
import type { Planned } from './search-steering.ts';

// How many visible matches a term has across businesses, exact up to searchCountCap + 1 (search-engine.ts).

// A term the planner expects in at least this many products is counted from the table's first pages
// (up to prefixRows rows, in physical order, no index) before the GIN index is asked.
export const commonRows = 50_000;
export const prefixRows = 20_000;

export type CountQuery = { visible: (kind: SearchKind) => SQL; matching: SQL; tsq: SQL };

/** How countMatches starts: on the table's first pages (a term the planner expects in commonRows products), or by GIN. */
export const counted = (kinds: Source[], expected: number) =>
  kinds.some((s) => s.kind === 'product') && expected >= commonRows ? 'prefix' : 'gin';

/**
 * Visible matches across every business, exact up to searchCountCap + 1. A common word's GIN posting
 * list holds every product containing it (187,500 for 'sofa' in bench/search.ts), which a bitmap reads
 * whole; reading the table's first pages finds the 1,001 matches that prove '1,000+' in a few thousand
 * rows instead. The planner's estimate (`expected` products) only chooses which to try first: a prefix
 * that does not prove it (the estimate was wrong) falls back to the GIN count.
 */
export async function countMatches(tx: Planned, kinds: Source[], q: CountQuery, expected: number): Promise<{ n: number; common: boolean }> {
  const over = searchCountCap + 1;
  if (counted(kinds, expected) === 'gin') return { n: await ginCount(tx, kinds, q), common: false };
  tx.allow({ seqscan: false, bitmapscan: false, indexscan: false });
  const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from products t
    where ${q.visible('product')} and ${q.matching} and t.ctid < (select format('(%s,0)',
      ceil(relpages * least(1, ${prefixRows} / greatest(reltuples, 1)))::bigint)::tid from pg_class where oid = 'products'::regclass)
    limit ${over}) c`);
  return (rows[0]?.n ?? 0) >= over ? { n: over, common: true } : { n: await ginCount(tx, kinds, q), common: false };
}

/** Visible matches across every business through the GIN indexes (bitmap only), exact up to searchCountCap + 1. */
export async function ginCount(tx: Planned, kinds: Source[], q: CountQuery, opts: { labelsFirst?: boolean } = {}): Promise<number> {
  tx.allow({ seqscan: false, indexscan: false, bitmapscan: true });
  const over = searchCountCap + 1;
  const counted = kinds.map((s) => {
    const all = sql`(select count(*) from (select 1 from ${s.from} t where ${q.visible(s.kind)} and ${q.matching} limit ${over}) c)`;
    if (!opts.labelsFirst || !s.labelDoc) return all;
    // Every label match is a match (the document holds the name and the labels), and the label index's posting lists
    // are shorter than the whole document's: searchCountCap + 1 visible label matches prove the count capped. Fewer:
    // the document is counted too (PostgreSQL runs a CASE branch's sub-select only when the branch is taken).
    const labels = sql`(select count(*) from (select 1 from ${s.from} t where ${q.visible(s.kind)} and ${s.labelDoc} @@ ${q.tsq} limit ${over}) c)`;
    return sql`(case when ${labels} >= ${over} then ${over} else ${all} end)`;
  });
  const { rows } = await tx.execute<{ n: number }>(sql`select (${sql.join(counted, sql` + `)})::int as n`);
  return rows[0]?.n ?? 0;
}
