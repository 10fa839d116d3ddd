import { limits } from '@stashblog/contract/limits';
import type { SortOption } from '@stashblog/contract/sort-options';

export type PageParam = { pageNo: number; perPage: number };

/** SPEC §9: 10 products per page at 1280 px and wider, 6 below. */
export function pageSizeFor(width: number): number {
  return width >= limits.narrowBelowPx ? limits.publicCataloguePageWide : limits.publicCataloguePageNarrow;
}

/**
 * The next page for `loaded` items of `count`. The server renders a wide first page; a narrow browser
 * continues in its own page size from the page containing the next unseen item (duplicates are dropped).
 */
export function nextPageParam(loaded: number, count: number, perPage: number): PageParam | undefined {
  if (loaded >= count) return undefined;
  return { pageNo: Math.floor(loaded / perPage) + 1, perPage };
}

export function uniqueById<T extends { _id: string }>(pages: { products: T[] }[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages)
    for (const p of page.products) {
      if (seen.has(p._id)) continue;
      seen.add(p._id);
      out.push(p);
    }
  return out;
}

/** The server's sort orders (catalogues sort-order.ts), for a list that is all here. */
export function sortLocally<T extends { _id: string; productName: string; createdAt: string }>(items: T[], sort: SortOption): T[] {
  const byDate = (a: T, b: T) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id);
  const byName = (a: T, b: T) => a.productName.toLowerCase().localeCompare(b.productName.toLowerCase()) || a._id.localeCompare(b._id);
  const sorted = [...items];
  if (sort === 'Date, old to new') sorted.sort(byDate);
  else if (sort === 'Alphabetically A-Z') sorted.sort(byName);
  else if (sort === 'Alphabetically Z-A') sorted.sort((a, b) => byName(b, a));
  else sorted.sort((a, b) => byDate(b, a));
  return sorted;
}
