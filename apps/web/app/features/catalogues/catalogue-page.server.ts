import type { Catalogue } from '@stashblog/contract/catalogues';
import { decodeId } from '@stashblog/contract/ids';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { defaultSort } from '@stashblog/contract/sort-options';
import { type AppLoadContext, data } from 'react-router';
import { or404 } from '../store/store.server';

export type CataloguePageData = {
  catalogue: Catalogue;
  /** The first page (wide size, default sort), rendered on the server. */
  products: Product[];
  count: number;
  onOwnDomain: boolean;
  origin: string;
  publicUrl: string;
};

/** SSR loader of the public catalogue page: services in-process; unknown, private or blocked → 404 page. */
export async function loadCataloguePage(
  context: AppLoadContext,
  request: Request,
  params: { businessName?: string; catalogueId?: string },
): Promise<CataloguePageData> {
  const { tenant } = context;
  const businessName = params.businessName ?? tenant?.businessName;
  const id = decodeId(params.catalogueId ?? '');
  if (!businessName || !id) throw data(null, { status: 404 });
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
  const onOwnDomain = tenant?.onOwnDomain ?? false;
  const publicUrl = context.publicUrl;
  return { catalogue, products, count, onOwnDomain, origin: onOwnDomain ? new URL(request.url).origin : publicUrl, publicUrl };
}
