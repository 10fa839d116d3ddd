import type { CatalogueProductList } from '@stashblog/contract/catalogues';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { defaultSort, type SortOption } from '@stashblog/contract/sort-options';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { nextPageParam, pageSizeFor, sortLocally } from './paging';

/** What the catalogue page's grid shows: the first page from the loader, or what React Query has fetched since. */
export type CatalogueProductsState = {
  products: Product[];
  count: number;
  /** False until the page knows its width (the grid hides the 7th to 10th below 1280 px meanwhile). */
  sized: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isPending: boolean;
  error: Error | null;
  fetchNextPage: () => void;
};

export type CatalogueProductsProps = {
  id: string;
  businessName: string;
  sort: SortOption;
  first: CatalogueProductList;
  /** `first` holds every product (a private catalogue opened through a private link): sorted here, never fetched. */
  local: boolean;
  children: (state: CatalogueProductsState) => React.ReactNode;
};

// Speed trick (docs/decisions/051-catalogue-page-fetches-react-query-when-it-fetches.md): the page
// shows the loader's first page in the default order without React Query, and fetches React Query
// (12 KB gzip, a third of the page's own code to compile and run before it hydrates) only when the
// visitor sorts or scrolls to the end of the grid. What it assumes of the framework: React renders
// the Suspense fallback (the same grid, 'Loading more…' or 'Loading…') while the lazy file loads, and
// a lazy component under a Suspense boundary mounted after hydration does not touch the server's
// HTML. If that breaks, the journeys in e2e/catalogues.spec.ts ("…sorts, scrolls, selects…", "below
// 1280 px the catalogue page loads 6 products a page") fail, and speed/web-build.test.ts fails when
// React Query is among the catalogue page's first files.
const loadLive = () => import('./catalogue-products-live');
const LiveCatalogueProducts = lazy(loadLive);

/** Loads the fetching part ahead of need (the sort select pointed at or focused). */
export function preloadCatalogueProducts() {
  void loadLive();
}

/**
 * SPEC §9: 10 products a page at 1280 px and wider, 6 below. The server renders the wide first page (it
 * cannot know the width); once hydrated, a narrow browser keeps its first 6 and pages by 6 from there.
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

/** The catalogue's products for the grid `children` draws: the first page until the visitor needs more. */
export function CatalogueProducts({ id, businessName, sort, first, local, children }: CatalogueProductsProps) {
  const { perPage, sized } = usePageSize();
  const [live, setLive] = useState(false);
  if (!live && !local && sort !== defaultSort) setLive(true);
  const products = local ? sortLocally(first.products, sort) : first.products.slice(0, perPage);
  const count = local ? products.length : first.count;
  const firstPage: CatalogueProductsState = {
    products,
    count,
    sized,
    hasNextPage: !local && nextPageParam(products.length, count, perPage) !== undefined,
    isFetchingNextPage: false,
    isPending: false,
    error: null,
    fetchNextPage: () => setLive(true),
  };
  if (!live) return children(firstPage);
  // While React Query loads: the first page, waiting for the next one, or for another order.
  const waiting = sort === defaultSort ? { ...firstPage, isFetchingNextPage: true } : { ...firstPage, products: [], isPending: true };
  return (
    <Suspense fallback={children(waiting)}>
      <LiveCatalogueProducts id={id} businessName={businessName} sort={sort} first={first} perPage={perPage} sized={sized}>
        {children}
      </LiveCatalogueProducts>
    </Suspense>
  );
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
