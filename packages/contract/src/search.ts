import { z } from 'zod';
import { limits } from './limits.ts';
import { pagingSchema } from './lists.ts';
import { relevanceSort, searchFilters, searchSortOptions, searchSuggestionsMax, searchTermMax, searchTexts } from './search-options.ts';
import { safeText } from './text.ts';

// SPEC §7 GET /public/user/search and the nav box's suggestions call.

/** Directory fetchAllUsers sort: absent, a search runs by relevance and a listing is newest first. */
export const directorySortSchema = z.enum(searchSortOptions).optional();

// SPEC §5: search runs only with a non-empty term. Control characters are dropped (safeText).
const term = safeText({ error: searchTexts.termRequired })
  .trim()
  .min(1, searchTexts.termRequired)
  .max(searchTermMax, searchTexts.termTooLong);

const businessName = safeText().max(100).trim().toLowerCase().optional();

export const searchQuery = z.object({
  ...pagingSchema(limits.searchPage),
  searchQuery: term,
  /** One business's storefront search; without it the search runs across every business (directory). */
  businessName,
  sort: z.enum(searchSortOptions).default(relevanceSort),
  filter: z.enum(searchFilters).default('All'),
});
export type SearchQueryInput = z.input<typeof searchQuery>;
export type SearchQuery = z.output<typeof searchQuery>;

/** SPEC §3 Search result item (+ type, so the card knows which page 'view' opens). */
export const searchResultItem = z.object({
  _id: z.string(),
  type: z.enum(['product', 'catalogue']),
  productName: z.string().optional(),
  catalogueName: z.string().optional(),
  businessName: z.string(),
  /** The business as its owner writes it (decision 047). */
  businessDisplayName: z.string(),
  images: z.array(z.string()),
});
export type SearchResultItem = z.infer<typeof searchResultItem>;

/**
 * count: results for the chosen filter, exact up to searchCountCap; countCapped: more match than that
 * (count is then searchCountCap); maxTotal: pages of perPage the reachable results fill.
 */
export const searchPayload = z.object({
  searchedData: z.array(searchResultItem),
  count: z.number(),
  countCapped: z.boolean(),
  maxTotal: z.number(),
});
export type SearchPayload = z.infer<typeof searchPayload>;

export const searchSuggestionsQuery = z.object({
  searchQuery: term,
  businessName,
  perPage: z.coerce.number().int().min(1).max(searchSuggestionsMax).default(searchSuggestionsMax),
});
export type SearchSuggestionsQuery = z.output<typeof searchSuggestionsQuery>;

/** Item names starting with (a word starting with) the typed prefix, best first, at most 10. */
export const searchSuggestionsPayload = z.object({ suggestions: z.array(z.string()) });
export type SearchSuggestionsPayload = z.infer<typeof searchSuggestionsPayload>;
