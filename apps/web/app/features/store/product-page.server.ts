import { decodeId } from '@stashblog/contract/ids';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { AppError } from '@stashblog/server/http/app-error.ts';
import { fetchProductSuggestions, fetchPublicProduct } from '@stashblog/server/modules/products/products.service.ts';
import { type AppLoadContext, data } from 'react-router';

type Tenant = { businessName: string; onOwnDomain: boolean };

function tenantOf(context: AppLoadContext): Tenant | null {
  const t = context.tenant as Partial<Tenant> | null | undefined;
  return t && typeof t.businessName === 'string' ? { businessName: t.businessName, onOwnDomain: t.onOwnDomain === true } : null;
}

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
  const tenant = tenantOf(context);
  const businessName = params.businessName ?? tenant?.businessName;
  const id = decodeId(params.productId ?? '');
  if (!businessName || !id) throw data(null, { status: 404 });
  try {
    const [product, { products: suggestions }] = await Promise.all([
      fetchPublicProduct(context.ctx, { businessName, id }),
      fetchProductSuggestions(context.ctx, { query: { businessName, id, pageNo: 1, perPage: limits.suggestionsFetch } }),
    ]);
    const onOwnDomain = tenant?.onOwnDomain ?? false;
    const publicUrl = context.ctx.config.publicUrl;
    return { product, suggestions, onOwnDomain, origin: onOwnDomain ? new URL(request.url).origin : publicUrl, publicUrl };
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw data(null, { status: 404 });
    throw e;
  }
}
