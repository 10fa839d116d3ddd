import { limits } from '@stashblog/contract/limits';
import { type SearchFilter, type SearchSort, searchFilters, searchSortOptions, searchTexts } from '@stashblog/contract/search-options';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useNavigation, useRouteLoaderData } from 'react-router';
import { Pagination } from '../../ui/pagination';
import { SortSelect } from '../../ui/sort-select';
import { toast } from '../../ui/toasts';
import type { StoreLayoutData } from '../store/store.server';
import { storeLayoutIds, withHelpers } from '../store/use-store';
import { readRecent, rememberSearch } from './recent-searches';
import type { SearchPageData } from './search.server';
import { SearchBox } from './search-box';
import { SearchResultCard } from './search-result-card';

/** The storefront around the page, or null for the search across every business on our own host. */
function useStoreOrNull() {
  const own = useRouteLoaderData<StoreLayoutData | null>(storeLayoutIds[0]);
  const domain = useRouteLoaderData<StoreLayoutData | null>(storeLayoutIds[1]);
  const data = own ?? domain;
  return data ? withHelpers(data) : null;
}

/** SPEC Search results: filter, sort, count heading, rotating cards, pages of 15 (window of 5). */
export function SearchPage({ data }: { data: SearchPageData }) {
  const store = useStoreOrNull();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const action = store ? store.path('/search') : '/search';
  const { term, filter, sort, pageNo, result } = data;
  const [recent, setRecent] = useState<string[]>([]);
  // The one place a search is remembered: the term this page shows, however the visitor got here (the
  // search box, a recent search, voice, or a plain form GET sent before the page hydrated or without
  // JavaScript, which no box's handler sees).
  useEffect(() => {
    if (term) rememberSearch(term);
    setRecent(readRecent());
  }, [term]);

  type Next = { filter?: SearchFilter; sort?: SearchSort; pageNo?: number };
  function hrefFor(next: Next) {
    const params = new URLSearchParams({ searchQuery: term });
    const f = next.filter ?? filter;
    const s = next.sort ?? sort;
    if (f !== 'All') params.set('filter', f);
    if (s !== searchSortOptions[0]) params.set('sort', s);
    if ((next.pageNo ?? 1) > 1) params.set('pageNo', String(next.pageNo));
    return `${action}?${params}`;
  }
  function open(next: Next) {
    navigate(hrefFor(next), { preventScrollReset: next.pageNo === undefined });
  }

  // SPEC §4: no results → a warning, and the page starts over at 1. The term stays in both boxes and
  // the page says what found nothing, so the visitor can correct it (decision 050).
  const warned = useRef('');
  const empty = result !== null && result.count === 0;
  useEffect(() => {
    if (!empty) return;
    const key = `${term}|${filter}`;
    if (warned.current === key) return;
    warned.current = key;
    toast.warning(specTexts.noResult);
    if (pageNo > 1) navigate(hrefFor({ pageNo: 1 }), { replace: true });
  });

  const busy = navigation.state === 'loading' && navigation.location?.pathname === action;
  const keep: Record<string, string> = {};
  if (filter !== 'All') keep.filter = filter;
  if (sort !== searchSortOptions[0]) keep.sort = sort;
  const totalPages = result ? result.maxTotal : 0;

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="sr-only">Search</h1>
      <div className="mx-auto max-w-2xl">
        <SearchBox
          action={action}
          businessName={store?.profile.businessName}
          initial={term}
          size="page"
          keep={keep}
          onClear={() => navigate(action, { replace: true })}
        />
      </div>

      {result && result.count > 0 ? (
        <section aria-labelledby="search-heading" aria-busy={busy} className={`mt-8 transition-opacity ${busy ? 'opacity-60' : ''}`}>
          <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
            <h2 id="search-heading" className="font-bold text-2xl" aria-live="polite">
              {searchTexts.results(result.count, term, result.countCapped)}
            </h2>
            <div className="flex flex-wrap items-center gap-3">
              <fieldset className="flex overflow-hidden rounded-full border border-text/20">
                <legend className="sr-only">Show</legend>
                {searchFilters.map((f) => (
                  <button
                    key={f}
                    type="button"
                    aria-pressed={f === filter}
                    onClick={() => f !== filter && open({ filter: f })}
                    className={`px-4 py-1.5 font-medium text-sm ${f === filter ? 'bg-primary text-on-primary' : 'hover:bg-surface'}`}
                  >
                    {f}
                  </button>
                ))}
              </fieldset>
              <SortSelect label="Sort" value={sort} options={searchSortOptions} onChange={(next) => open({ sort: next })} />
            </div>
          </div>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {result.searchedData.map((item, i) => (
              <li key={`${item.type}-${item._id}`}>
                <SearchResultCard item={item} onOwnDomain={store?.onOwnDomain ?? false} showBusiness={!store} eager={i < 5} />
              </li>
            ))}
          </ul>
          {result.searchedData.length === 0 ? (
            <p className="rounded bg-surface p-10 text-center">
              {searchTexts.pastLastPage}{' '}
              <a href={hrefFor({ pageNo: Math.max(1, totalPages) })} className="underline">
                {searchTexts.backToPage(Math.max(1, totalPages))}
              </a>
            </p>
          ) : null}
          <div className="mt-8">
            <Pagination
              page={pageNo}
              totalPages={totalPages}
              onChange={(p) => open({ pageNo: p })}
              hrefOf={(p) => hrefFor({ pageNo: p })}
              label="Search result pages"
            />
          </div>
          {result.countCapped && pageNo >= totalPages ? (
            <p className="mt-4 text-center text-muted text-sm">{searchTexts.capped()}</p>
          ) : null}
          <p className="sr-only">
            Page {pageNo} of {totalPages}, {limits.searchPage} per page
          </p>
        </section>
      ) : (
        <section className="mx-auto mt-10 max-w-2xl text-center">
          {empty ? (
            <h2 className="mb-2 break-words font-bold text-2xl" aria-live="polite">
              {searchTexts.noResults(term)}
            </h2>
          ) : null}
          <p className="text-muted">
            {store ? `Search the products and catalogues of ${store.displayName}.` : 'Search products and catalogues of every business.'}
          </p>
          {recent.length ? (
            <div className="mt-6">
              <h2 className="mb-3 font-semibold text-muted text-sm uppercase">{searchTexts.recent}</h2>
              <ul className="flex flex-wrap justify-center gap-2">
                {recent.map((r) => (
                  <li key={r}>
                    <a
                      href={`${action}?${new URLSearchParams({ searchQuery: r })}`}
                      onClick={(e) => {
                        e.preventDefault();
                        navigate(`${action}?${new URLSearchParams({ searchQuery: r })}`);
                      }}
                      className="block rounded-full border border-text/20 px-3 py-1 text-sm hover:bg-surface"
                    >
                      {r}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      )}
    </main>
  );
}
