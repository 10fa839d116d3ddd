import { productPath } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { ProductDetails } from '../../features/store/product-details';
import { loadProductPage } from '../../features/store/product-page.server';
import { storeMeta } from '../../features/store/seo';
import { storeFromMatches } from '../../features/store/use-store';
import { withMediaWidths } from '../../lib/media-widths.server';
import type { Route } from './+types/product';

export async function loader({ context, params }: Route.LoaderArgs) {
  return withMediaWidths(context, await loadProductPage(context, params));
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const store = storeFromMatches(matches);
  if (!loaderData || !store) return [{ title: specTexts.notFoundTitle }, { name: 'robots', content: 'noindex' }];
  const { product } = loaderData;
  const { origin, publicUrl } = store;
  const path = productPath(product.businessName, product._id, store.onOwnDomain);
  const canonical = `${origin}${path}`;
  const business = store.displayName;
  // Google's Product rich result needs an offer: a product without a price is sent without one
  // (below), and without an image list when it has no image (issue 22).
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.productName,
    description: product.description,
    sku: product.itemNo || undefined,
    category: product.category || undefined,
    ...(product.images.length ? { image: product.images.map((i) => `${publicUrl}${i}`) } : {}),
    brand: { '@type': 'Brand', name: business },
    url: canonical,
    offers: {
      '@type': 'Offer',
      price: product.pricePerUnit,
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      url: canonical,
    },
  };
  // Names as their owner wrote them (decision 047).
  return storeMeta(store, {
    page: product.productName,
    description: product.description,
    path,
    card: loaderData.card,
    type: 'product',
    jsonLd: product.pricePerUnit !== null ? jsonLd : undefined,
  });
};

// The business nav, theme and footer come from the store layout (routes.ts).
export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, suggestions, onOwnDomain } = loaderData;
  return <ProductDetails product={product} suggestions={suggestions} onOwnDomain={onOwnDomain} />;
}

// Fetched only when a product page is a 404 (it brings react-query's observer): the product page
// itself stays small (docs/decisions/016-public-pages-ship-no-zod.md).
const PrivateProductPreview = lazy(() =>
  import('../../features/store/private-preview').then((m) => ({ default: m.PrivateProductPreview })),
);

// 404 for everyone; the signed-in owner of a private product gets a preview in its place.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <Suspense fallback={null}>
        <PrivateProductPreview />
      </Suspense>
    );
  throw error;
}
