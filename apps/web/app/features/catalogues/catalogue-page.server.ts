import type { Catalogue } from '@stashblog/contract/catalogues';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { cardUrl, catalogueCardContent } from '@stashblog/contract/share';
import { defaultSort } from '@stashblog/contract/sort-options';
import { type AppLoadContext, data } from 'react-router';
import { itemPageParams, or404 } from '../store/store.server';

export type CataloguePageData = {
  catalogue: Catalogue;
  /** The first page (wide size, default sort), rendered on the server. */
  products: Product[];
  count: number;
  onOwnDomain: boolean;
  /** The share card's URL (og:image), made here so the storefront's client files carry no card code (decision 048's weight). */
  card: string;
};

/** SSR loader of the public catalogue page: services in-process; unknown, private or blocked → 404 page. */
export async function loadCataloguePage(
  context: AppLoadContext,
  params: { businessName?: string; catalogueId?: string },
): Promise<CataloguePageData> {
  const { businessName, id, onOwnDomain } = itemPageParams(context, params, params.catalogueId);
  const [{ catalogue }, { products, count }, profile] = await or404(
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
      context.services.fetchPublicProfile({ businessName }),
    ]),
  );
  if (!profile) throw data(null, { status: 404 });
  const card = cardUrl(context.publicUrl, catalogue.businessName, catalogue._id, catalogueCardContent(catalogue, profile));
  return { catalogue, products, count, onOwnDomain, card };
}
