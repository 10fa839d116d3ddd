import { productPath } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { ProductDetails } from '../../features/store/product-details';
import { loadProductPage } from '../../features/store/product-page.server';
import { storeFromMatches } from '../../features/store/use-store';
import { withMediaWidths } from '../../lib/media-widths.server';
import type { Route } from './+types/product';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return withMediaWidths(context, await loadProductPage(context, request, params));
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: specTexts.notFoundTitle }, { name: 'robots', content: 'noindex' }];
  const { product, origin, publicUrl, onOwnDomain } = loaderData;
  // Names as their owner wrote them (decision 047); the business's comes with the store layout.
  const business = storeFromMatches(matches)?.displayName ?? product.businessName;
  const title = `${product.productName} | ${business}`;
  const description = summarise(product.description) || specTexts.defaultDescription;
  const canonical = `${origin}${productPath(product.businessName, product._id, onOwnDomain)}`;
  const image = product.images[0] ? `${publicUrl}${product.images[0]}` : undefined;
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
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
    ...(product.pricePerUnit !== null ? [{ 'script:ld+json': jsonLd }] : []),
  ];
};

// Search snippets show about 160 characters; cut at a word boundary.
function summarise(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

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
