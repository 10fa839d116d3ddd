import { sortOptions } from './sort-options.ts';

// Search texts and options the storefront's search box and page use. Zod-free, so those pages ship
// no zod; the request and response schemas are in search.ts.

/** Relevance is the default order when a term is given; the four SPEC §9 sort texts are the others. */
export const relevanceSort = 'Relevance' as const;
export const searchSortOptions = [relevanceSort, ...sortOptions] as const;
export type SearchSort = (typeof searchSortOptions)[number];

/** SPEC §9 search filters. */
export const searchFilters = ['All', 'Products', 'Catalogues'] as const;
export type SearchFilter = (typeof searchFilters)[number];

/** Texts of this domain that SPEC does not give. */
export const searchMessages = {
  termRequired: 'Enter something to search',
  termTooLong: 'Search text is too long',
  results: (count: number, term: string) => `${count} ${count === 1 ? 'result' : 'results'} for “${term}”`,
  placeholder: 'Search products and catalogues',
  voiceStart: 'Search by voice',
  voiceStop: 'Stop listening',
  recent: 'Recent searches',
  catalogueBanner: 'catalogue',
  view: 'view',
} as const;

export const searchTermMax = 200;

export const searchSuggestionsMax = 10;

export const searchStorageKey = 'searchSuggestion';
