import type { endpoints } from '@stashblog/contract/endpoints';
import { limits } from '@stashblog/contract/limits';
import type { SortOption } from '@stashblog/contract/sort-options';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { apiPayload } from '../../lib/api-client';

type Page<T> = { items: T[]; count: number };

type Props<T> = {
  queryKey: unknown[];
  first: Page<T>;
  fetchPage: (pageNo: number) => Promise<Page<T>>;
  render: (item: T, index: number) => React.ReactNode;
  keyOf: (item: T) => string;
  gridClass: string;
  empty: string;
};

/**
 * SPEC listings: the server renders page 1; further pages of 12 load when the end of the list comes
 * within 150 px of the viewport, while page ≤ total pages.
 */
export function InfiniteGrid<T>({ queryKey, first, fetchPage, render, keyOf, gridClass, empty }: Props<T>) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: 1,
    initialData: { pages: [first], pageParams: [1] },
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    getNextPageParam: (_last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < (pages[0]?.count ?? 0) && pages.length < Math.ceil(pages[0].count / limits.publicListingPage)
        ? pages.length + 1
        : undefined;
    },
    // The loader's first page is fresh for this render; do not refetch it on mount.
    staleTime: 30_000,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${limits.infiniteScrollTriggerPx}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const seen = new Set<string>();
  const items = (query.data?.pages ?? [first]).flatMap((p) => p.items).filter((i) => !seen.has(keyOf(i)) && seen.add(keyOf(i)));
  if (!items.length) return <p className="py-16 text-center text-muted">{empty}</p>;
  return (
    <>
      <ul className={gridClass} aria-busy={isFetchingNextPage}>
        {items.map((item, i) => (
          <li key={keyOf(item)}>{render(item, i)}</li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {isFetchingNextPage ? <p className="py-6 text-center text-muted">Loading more…</p> : null}
      {query.isFetchNextPageError ? (
        <p className="py-6 text-center">
          <button type="button" className="underline" onClick={() => void fetchNextPage()}>
            Could not load more. Try again
          </button>
        </p>
      ) : null}
    </>
  );
}

/** A listing's sort choice: it lives in the URL, so a change reloads page 1 through the loader. */
export function useSortParam(): (sort: SortOption) => void {
  const [params, setParams] = useSearchParams();
  return (sort) => {
    const next = new URLSearchParams(params);
    next.set('sort', sort);
    setParams(next, { preventScrollReset: true });
  };
}

type ListingEndpoint = typeof endpoints.publicProducts.fetchAll | typeof endpoints.publicCatalogues.fetchAll;

export function fetchListingPage<T>(
  endpoint: ListingEndpoint,
  key: 'products' | 'catalogues',
  args: { businessName: string; sort?: SortOption; category?: string },
) {
  return async (pageNo: number): Promise<Page<T>> => {
    const payload: Record<string, unknown> & { count: number } = await apiPayload(endpoint, {
      ...args,
      pageNo,
      perPage: limits.publicListingPage,
    });
    return { items: payload[key] as T[], count: payload.count };
  };
}
