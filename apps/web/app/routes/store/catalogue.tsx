import { cataloguePath, productPath } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import { loadCataloguePage } from '../../features/catalogues/catalogue-page.server';
import { CatalogueView } from '../../features/catalogues/catalogue-view';
import { storeMeta } from '../../features/store/seo';
import { storeFromMatches } from '../../features/store/use-store';
import { withMediaWidths } from '../../lib/media-widths.server';
import type { Route } from './+types/catalogue';

export async function loader({ context, params }: Route.LoaderArgs) {
  return withMediaWidths(context, await loadCataloguePage(context, params));
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const store = storeFromMatches(matches);
  if (!loaderData || !store) return [{ title: specTexts.notFoundTitle }, { name: 'robots', content: 'noindex' }];
  const { catalogue, products } = loaderData;
  const { origin, publicUrl, onOwnDomain } = store;
  const path = cataloguePath(catalogue.businessName, catalogue._id, onOwnDomain);
  const canonical = `${origin}${path}`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: catalogue.catalogueName,
    description: catalogue.description,
    url: canonical,
    ...(catalogue.images.length ? { image: catalogue.images.map((i) => `${publicUrl}${i}`) } : {}),
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: catalogue.totalProducts,
      itemListElement: products.map((p, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: p.productName,
        url: `${origin}${productPath(p.businessName, p._id, onOwnDomain)}`,
      })),
    },
  };
  // The catalogue name, then the business name, both as their owner wrote them (decision 047).
  return storeMeta(store, { page: catalogue.catalogueName, description: catalogue.description, path, card: loaderData.card, jsonLd });
};

// The business nav, theme and footer come from the store layout (routes.ts).
export default function CataloguePage({ loaderData }: Route.ComponentProps) {
  const { catalogue, products, count, onOwnDomain } = loaderData;
  // No QueryProvider here: the grid brings React Query when it first fetches (decision 051).
  return <CatalogueView key={catalogue._id} catalogue={catalogue} products={products} count={count} onOwnDomain={onOwnDomain} />;
}
