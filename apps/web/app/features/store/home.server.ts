import type { Catalogue } from '@stashblog/contract/catalogues';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import type { Category } from '@stashblog/contract/users';
import type { AppLoadContext } from 'react-router';
import { homeLimits } from './home-limits';
import { or404, requireTenant } from './store.server';

export type HomeData = {
  banners: string[];
  categories: Category[];
  newArrivals: Product[];
  topProducts: Product[];
  catalogues: Catalogue[];
};

/** Everything the business home shows, fetched in parallel in-process. */
export async function loadStoreHome(context: AppLoadContext, params: { businessName?: string }, template: string): Promise<HomeData> {
  const { businessName } = requireTenant(context, params);
  const { fetchCategories, fetchHome, fetchPublicCatalogues, fetchPublicProducts } = context.services;
  const sized = homeLimits(template === 'template1');
  const page = (perPage: number, isPromoted?: boolean) =>
    fetchPublicProducts({ query: { businessName, pageNo: 1, perPage, isPromoted, sort: 'Date, new to old', category: undefined } });
  const [home, { categories }, arrivals, promoted, newest, catalogues] = await or404(
    context,
    Promise.all([
      fetchHome({ businessName }),
      fetchCategories({ businessName, pageNo: 1, perPage: limits.categoriesFetched }),
      page(sized.newArrivals),
      page(sized.topProducts, true),
      page(sized.topProducts),
      // SPEC: the catalogues block is hidden when a template is set.
      template
        ? Promise.resolve({ catalogues: [], count: 0 })
        : fetchPublicCatalogues({
            businessName,
            pageNo: 1,
            perPage: limits.homeCatalogues,
            sort: 'Date, new to old',
            isPromoted: undefined,
          }),
    ]),
  );
  return {
    banners: home.home.banners,
    categories,
    newArrivals: arrivals.products,
    // Top products are the promoted ones; a business that promotes nothing shows its newest.
    topProducts: promoted.products.length ? promoted.products : newest.products,
    catalogues: catalogues.catalogues,
  };
}
