import { sortOptions } from './sort-options.ts';
import { locale } from './storefront-limits.ts';

// Search texts and options the storefront's search box and page use. Zod-free, so those pages ship
// no zod; the request and response schemas are in search.ts.

/** Relevance is the default order when a term is given; the four SPEC §9 sort texts are the others. */
export const relevanceSort = 'Relevance' as const;
export const searchSortOptions = [relevanceSort, ...sortOptions] as const;
export type SearchSort = (typeof searchSortOptions)[number];

/** SPEC §9 search filters. */
export const searchFilters = ['All', 'Products', 'Catalogues'] as const;
export type SearchFilter = (typeof searchFilters)[number];

/**
 * Counting stops here (decision 017): `count` is exact up to this many matches; past it `count` is this
 * number, `countCapped` is true and only these first matches can be paged to (a UI says '1,000+ results').
 */
export const searchCountCap = 1000;

/** Texts of this domain that SPEC does not give. */
export const searchTexts = {
  termRequired: 'Enter something to search',
  termTooLong: 'Search text is too long',
  results: (count: number, term: string, capped = false) =>
    `${count.toLocaleString(locale)}${capped ? '+' : ''} ${count === 1 && !capped ? 'result' : 'results'} for “${term}”`,
  /**
   * Under the last reachable page when more than searchCountCap items match. A function: the first
   * toLocaleString on a page loads ICU (60–80 ms on a slow phone), which every storefront page paid
   * as this module loaded (docs/decisions/030).
   */
  capped: () => `Showing the first ${searchCountCap.toLocaleString(locale)} matches. Add a word to narrow the search.`,
  /** The same under a directory list without a search, which pages as far (decision 058). */
  listCapped: () => `Showing the first ${searchCountCap.toLocaleString(locale)}. Search to find more.`,
  /** A page past the last one (a stale or hand-edited link): nothing to list, a way back. */
  pastLastPage: 'Nothing on this page: the results end earlier.',
  backToPage: (page: number) => `Back to page ${page}`,
  placeholder: 'Search products and catalogues',
  voiceStart: 'Search by voice',
  voiceStop: 'Stop listening',
  microphoneBlocked: 'Microphone access is blocked',
  /** The voice language button: its name starts with what it shows (WCAG 2.5.3 label in name). */
  voiceLanguage: (shown: string, language: string, other: string) => `${shown}: voice search in ${language}, switch to ${other}`,
  /** The search page after a search that found nothing (with SPEC's 'No result found' toast). */
  noResults: (term: string) => `No results for “${term}”`,
  recent: 'Recent searches',
  catalogueBanner: 'catalogue',
  view: 'view',
} as const;

export const searchTermMax = 200;

export const searchSuggestionsMax = 10;

export const searchStorageKey = 'searchSuggestion';
