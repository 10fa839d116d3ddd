import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import type { AppLoadContext } from 'react-router';
import { itemPageParams, or404 } from './store.server';

export type ProductPageData = { product: Product; suggestions: Product[]; onOwnDomain: boolean };

/** SSR loader of the public product page: services in-process, unknown/private/blocked → 404 page. */
export async function loadProductPage(
  context: AppLoadContext,
  params: { businessName?: string; productId?: string },
): Promise<ProductPageData> {
  const { businessName, id, onOwnDomain } = itemPageParams(context, params, params.productId);
  const [product, { products: suggestions }] = await or404(
    context,
    Promise.all([
      context.services.fetchPublicProduct({ businessName, id }),
      context.services.fetchProductSuggestions({ query: { businessName, id, pageNo: 1, perPage: limits.suggestionsFetch } }),
    ]),
  );
  return { product, suggestions, onOwnDomain };
}
