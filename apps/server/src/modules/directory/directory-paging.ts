import { searchCountCap } from '@stashblog/contract/search-options';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';

// The directory's lists (products, catalogues, profiles across every business) page as search across
// businesses does (decision 058): only their first searchCountCap items can be paged to, and the count
// is exact up to there. What a call reads is then bounded however large the platform grows.

/** The rows a directory page reads: its offset and how many, none past the first searchCountCap items. */
export function directoryWindow({ pageNo, perPage }: { pageNo: number; perPage: number }) {
  const offset = Math.min((pageNo - 1) * perPage, searchCountCap);
  return { offset, limit: Math.min(perPage, searchCountCap - offset) };
}

/**
 * How many rows `rows` (a select of the list's rows, without order or limit) has, exact up to searchCountCap;
 * `countCapped` when there are more. Reads at most searchCountCap + 1 of them.
 */
export async function countUpToCap(ctx: Pick<AppContext, 'db'>, rows: SQLWrapper): Promise<{ count: number; countCapped: boolean }> {
  const result = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from (${rows} limit ${searchCountCap + 1}) m`);
  const n = Number(result.rows[0]?.n ?? 0);
  return { count: Math.min(n, searchCountCap), countCapped: n > searchCountCap };
}
