import type { CatalogueList } from '@stashblog/contract/catalogues';
import { limits } from '@stashblog/contract/limits';
import type { ProductList } from '@stashblog/contract/products';
import { defaultSort, type SortOption, sortOptions } from '@stashblog/contract/sort-options';
import type { AppLoadContext } from 'react-router';
import { or404, requireTenant } from './store.server';

function sortOf(url: URL): SortOption {
  const s = url.searchParams.get('sort');
  return (sortOptions as readonly string[]).includes(s ?? '') ? (s as SortOption) : defaultSort;
}

export type ProductListingData = { sort: SortOption; category: string; first: ProductList };
export type CatalogueListingData = { sort: SortOption; first: CatalogueList };

/** First page of `/products` (server-rendered); later pages come from the API as the visitor scrolls. */
export async function loadProductListing(
  context: AppLoadContext,
  request: Request,
  params: { businessName?: string },
): Promise<ProductListingData> {
  const { businessName } = requireTenant(context, params);
  const url = new URL(request.url);
  const sort = sortOf(url);
  const category = (url.searchParams.get('category') ?? '').trim().slice(0, 80);
  const first = await or404(
    context,
    context.services.fetchPublicProducts({
      query: { businessName, sort, category: category || undefined, pageNo: 1, perPage: limits.publicListingPage, isPromoted: undefined },
    }),
  );
  return { sort, category, first };
}

export async function loadCatalogueListing(
  context: AppLoadContext,
  request: Request,
  params: { businessName?: string },
): Promise<CatalogueListingData> {
  const { businessName } = requireTenant(context, params);
  const sort = sortOf(new URL(request.url));
  const first = await or404(
    context,
    context.services.fetchPublicCatalogues({ businessName, sort, pageNo: 1, perPage: limits.publicListingPage, isPromoted: undefined }),
  );
  return { sort, first };
}
