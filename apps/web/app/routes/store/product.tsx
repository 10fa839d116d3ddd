import { capitalise, displayBusinessName, productPath } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { ProductDetails } from '../../features/store/product-details';
import { loadProductPage } from '../../features/store/product-page.server';
import { storeMeta } from '../../features/store/seo';
import { storeFromMatches } from '../../features/store/use-store';
import type { Route } from './+types/product';

export function loader({ context, params }: Route.LoaderArgs) {
  return loadProductPage(context, params);
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
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.productName,
    description: product.description,
    sku: product.itemNo || undefined,
    category: product.category || undefined,
    image: product.images.map((i) => `${publicUrl}${i}`),
    brand: { '@type': 'Brand', name: capitalise(displayBusinessName(product.businessName)) },
    url: canonical,
    ...(product.pricePerUnit !== null
      ? { offers: { '@type': 'Offer', price: product.pricePerUnit, priceCurrency: 'INR', url: canonical } }
      : {}),
  };
  const page = capitalise(product.productName);
  return storeMeta(store, { page, description: product.description, path, image: product.images[0], type: 'product', jsonLd });
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
