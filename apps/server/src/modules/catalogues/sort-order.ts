import type { SortOption } from '@stashblog/contract/sort-options';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';

/** ORDER BY for the SPEC §9 sort texts; the (time-ordered) id breaks ties so pages never overlap. */
export function sortOrder(sort: SortOption, cols: { createdAt: AnyColumn; name: AnyColumn; id: AnyColumn }): SQL[] {
  switch (sort) {
    case 'Date, old to new':
      return [asc(cols.createdAt), asc(cols.id)];
    case 'Alphabetically A-Z':
      return [asc(sql`lower(${cols.name})`), asc(cols.id)];
    case 'Alphabetically Z-A':
      return [desc(sql`lower(${cols.name})`), desc(cols.id)];
    default:
      return [desc(cols.createdAt), desc(cols.id)];
  }
}
