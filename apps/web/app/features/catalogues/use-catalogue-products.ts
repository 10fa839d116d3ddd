import type { CatalogueProductList } from '@stashblog/contract/catalogues';
import { endpoints } from '@stashblog/contract/endpoints';
import { limits } from '@stashblog/contract/limits';
import { defaultSort, type SortOption } from '@stashblog/contract/sort-options';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiPayload } from '../../lib/api-client';
import { nextPageParam, type PageParam, pageSizeFor, uniqueById } from './paging';

type Args = {
  id: string;
  businessName: string;
  sort: SortOption;
  first: CatalogueProductList;
  /** `first` holds every product (a private catalogue opened through a private link): sorted here, never fetched. */
  local?: boolean;
};

/**
 * SPEC §9: 10 products a page at 1280 px and wider, 6 below. The server renders the wide first page (it
 * cannot know the width); once hydrated, a narrow browser keeps its first 6 and pages by 6 from there.
 * `sized` is false until then (the grid hides the 7th to 10th below 1280 px meanwhile).
 */
function usePageSize() {
  const [perPage, setPerPage] = useState<number>(limits.publicCataloguePageWide);
  const [sized, setSized] = useState(false);
  useEffect(() => {
    setPerPage(pageSizeFor(window.innerWidth));
    setSized(true);
  }, []);
  return { perPage, sized };
}

/** The catalogue's products for one sort order, the server-rendered first page seeding the default order. */
export function useCatalogueProducts({ id, businessName, sort, first, local = false }: Args) {
  const { perPage, sized } = usePageSize();
  const firstPage: PageParam = { pageNo: 1, perPage };
  const query = useInfiniteQuery({
    enabled: !local,
    queryKey: ['public-catalogue-products', businessName, id, sort, perPage],
    queryFn: ({ pageParam }) => apiPayload(endpoints.publicCatalogues.fetchProducts, { id, businessName, sort, ...pageParam }),
    initialPageParam: firstPage,
    getNextPageParam: (_last, pages) => nextPageParam(uniqueById(pages).length, pages.at(-1)?.count ?? 0, perPage),
    ...(sort === defaultSort && !local
      ? { initialData: { pages: [{ ...first, products: first.products.slice(0, perPage) }], pageParams: [firstPage] } }
      : {}),
    staleTime: 60_000,
  });
  if (local) {
    const products = sortLocally(first.products, sort);
    return {
      ...query,
      isPending: false,
      isError: false as const,
      error: null,
      hasNextPage: false,
      products,
      count: products.length,
      sized,
    };
  }
  return {
    ...query,
    products: query.data ? uniqueById(query.data.pages) : [],
    count: query.data?.pages.at(-1)?.count ?? first.count,
    sized,
  };
}

/** SPEC §9 infinite scroll: the next page loads when the end of the grid comes within 150 px. */
export function useLoadMoreSentinel(onReach: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onReach);
  latest.current = onReach;
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: `0px 0px ${limits.infiniteScrollTriggerPx}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
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
