import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { cardUrl, productCardContent } from '@stashblog/contract/share';
import { type AppLoadContext, data } from 'react-router';
import { itemPageParams, or404 } from './store.server';

/** `card`: the share card's URL (og:image), made here so the page's client files carry no card code (decision 048's weight). */
export type ProductPageData = { product: Product; suggestions: Product[]; onOwnDomain: boolean; card: string };

/** SSR loader of the public product page: services in-process, unknown/private/blocked → 404 page. */
export async function loadProductPage(
  context: AppLoadContext,
  params: { businessName?: string; productId?: string },
): Promise<ProductPageData> {
  const { businessName, id, onOwnDomain } = itemPageParams(context, params, params.productId);
  const [product, { products: suggestions }, profile] = await or404(
    context,
    Promise.all([
      context.services.fetchPublicProduct({ businessName, id }),
      context.services.fetchProductSuggestions({ query: { businessName, id, pageNo: 1, perPage: limits.suggestionsFetch } }),
      context.services.fetchPublicProfile({ businessName }),
    ]),
  );
  if (!profile) throw data(null, { status: 404 });
  const card = cardUrl(context.publicUrl, product.businessName, product._id, productCardContent(product, profile));
  return { product, suggestions, onOwnDomain, card };
}
