import type { CatalogueProductList } from '@stashblog/contract/catalogues';
import { endpoints } from '@stashblog/contract/endpoints';
import { defaultSort, type SortOption } from '@stashblog/contract/sort-options';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPayload } from '../../lib/api-client';
import type { CatalogueProductsState } from './catalogue-products';
import { nextPageParam, type PageParam, uniqueById } from './paging';

type Args = { id: string; businessName: string; sort: SortOption; first: CatalogueProductList; perPage: number; sized: boolean };

/** The catalogue's products for one sort order through React Query, the server-rendered first page seeding the default order. */
export function useCatalogueProducts({ id, businessName, sort, first, perPage, sized }: Args): CatalogueProductsState {
  const firstPage: PageParam = { pageNo: 1, perPage };
  const query = useInfiniteQuery({
    queryKey: ['public-catalogue-products', businessName, id, sort, perPage],
    queryFn: ({ pageParam }) => apiPayload(endpoints.publicCatalogues.fetchProducts, { id, businessName, sort, ...pageParam }),
    initialPageParam: firstPage,
    getNextPageParam: (_last, pages) => nextPageParam(uniqueById(pages).length, pages.at(-1)?.count ?? 0, perPage),
    ...(sort === defaultSort
      ? { initialData: { pages: [{ ...first, products: first.products.slice(0, perPage) }], pageParams: [firstPage] } }
      : {}),
    staleTime: 60_000,
  });
  const { hasNextPage, isFetchingNextPage, isPending, error, fetchNextPage } = query;
  return {
    products: query.data ? uniqueById(query.data.pages) : [],
    count: query.data?.pages.at(-1)?.count ?? first.count,
    sized,
    hasNextPage,
    isFetchingNextPage,
    isPending,
    error,
    fetchNextPage: () => void fetchNextPage(),
  };
}
