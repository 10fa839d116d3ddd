import { searchStorageKey } from '@stashblog/contract/search-options';
import { searchSuggestionsShown } from '@stashblog/contract/storefront-limits';

// SPEC §3/§4: recent searches live in localStorage 'searchSuggestion'; the last 10 are shown,
// newest first, without duplicates (the same words in another case count as the same search).

/** The list with `term` added at the front, an earlier copy removed, cut to the last 10. */
export function withRecent(list: readonly string[], term: string): string[] {
  const t = term.trim();
  if (!t) return [...list];
  const key = t.toLowerCase();
  return [t, ...list.filter((x) => x.trim().toLowerCase() !== key)].slice(0, searchSuggestionsShown);
}

export function readRecent(): string[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(searchStorageKey) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, searchSuggestionsShown)
      : [];
  } catch {
    return [];
  }
}

export function rememberSearch(term: string): string[] {
  const next = withRecent(readRecent(), term);
  try {
    localStorage.setItem(searchStorageKey, JSON.stringify(next));
  } catch {
    // storage full or disabled (private mode): the search itself still runs
  }
  return next;
}
