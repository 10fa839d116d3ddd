import { decodeId } from '@stashblog/contract/ids';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { type AppLoadContext, data } from 'react-router';
import { or404 } from './store.server';

export type ProductPageData = {
  product: Product;
  suggestions: Product[];
  onOwnDomain: boolean;
  /** Absolute origin for canonical and Open Graph urls. */
  origin: string;
  publicUrl: string;
};

/** SSR loader of the public product page: services in-process, unknown/private/blocked → 404 page. */
export async function loadProductPage(
  context: AppLoadContext,
  request: Request,
  params: { businessName?: string; productId?: string },
): Promise<ProductPageData> {
  const { tenant } = context;
  const businessName = params.businessName ?? tenant?.businessName;
  const id = decodeId(params.productId ?? '');
  if (!businessName || !id) throw data(null, { status: 404 });
  const [product, { products: suggestions }] = await or404(
    context,
    Promise.all([
      context.services.fetchPublicProduct({ businessName, id }),
      context.services.fetchProductSuggestions({ query: { businessName, id, pageNo: 1, perPage: limits.suggestionsFetch } }),
    ]),
  );
  const onOwnDomain = tenant?.onOwnDomain ?? false;
  const publicUrl = context.publicUrl;
  return { product, suggestions, onOwnDomain, origin: onOwnDomain ? new URL(request.url).origin : publicUrl, publicUrl };
}
