// SPEC §9 sort options, taken by every list call as these exact texts. Zod-free: storefront pages
// import it for their sort menus; the query schemas are in lists.ts.
export const sortOptions = ['Date, new to old', 'Date, old to new', 'Alphabetically A-Z', 'Alphabetically Z-A'] as const;
export type SortOption = (typeof sortOptions)[number];
export const defaultSort: SortOption = 'Date, new to old';

/** A listing's order for a sort that may be absent or a search-only one (relevance): newest first then. */
export const listingSort = (sort: string | undefined): SortOption =>
  (sortOptions as readonly string[]).includes(sort ?? '') ? (sort as SortOption) : defaultSort;
