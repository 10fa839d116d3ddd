import type { Catalogue } from '@stashblog/contract/catalogues';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { defaultSort } from '@stashblog/contract/sort-options';
import type { AppLoadContext } from 'react-router';
import { itemPageParams, or404 } from '../store/store.server';

export type CataloguePageData = {
  catalogue: Catalogue;
  /** The first page (wide size, default sort), rendered on the server. */
  products: Product[];
  count: number;
  onOwnDomain: boolean;
};

/** SSR loader of the public catalogue page: services in-process; unknown, private or blocked → 404 page. */
export async function loadCataloguePage(
  context: AppLoadContext,
  params: { businessName?: string; catalogueId?: string },
): Promise<CataloguePageData> {
  const { businessName, id, onOwnDomain } = itemPageParams(context, params, params.catalogueId);
  const [{ catalogue }, { products, count }] = await or404(
    context,
    Promise.all([
      context.services.fetchPublicCatalogue({ businessName, id }),
      context.services.fetchPublicCatalogueProducts({
        businessName,
        id,
        sort: defaultSort,
        pageNo: 1,
        perPage: limits.publicCataloguePageWide,
      }),
    ]),
  );
  return { catalogue, products, count, onOwnDomain };
}
