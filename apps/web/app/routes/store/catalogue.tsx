import { cataloguePath, productPath } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import { loadCataloguePage } from '../../features/catalogues/catalogue-page.server';
import { CatalogueView } from '../../features/catalogues/catalogue-view';
import { storeFromMatches } from '../../features/store/use-store';
import { withMediaWidths } from '../../lib/media-widths.server';
import { QueryProvider } from '../../ui/query-provider';
import type { Route } from './+types/catalogue';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return withMediaWidths(context, await loadCataloguePage(context, request, params));
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

// Search snippets show about 160 characters; cut at a word boundary.
function summarise(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: specTexts.notFoundTitle }, { name: 'robots', content: 'noindex' }];
  const { catalogue, products, origin, publicUrl, onOwnDomain } = loaderData;
  // SPEC: catalogue name, then business name; both as their owner wrote them (decision 047).
  const title = `${catalogue.catalogueName} | ${storeFromMatches(matches)?.displayName ?? catalogue.businessName}`;
  const description = summarise(catalogue.description) || specTexts.defaultDescription;
  const canonical = `${origin}${cataloguePath(catalogue.businessName, catalogue._id, onOwnDomain)}`;
  const image = catalogue.images[0] ? `${publicUrl}${catalogue.images[0]}` : undefined;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: catalogue.catalogueName,
    description: catalogue.description,
    url: canonical,
    image: catalogue.images.map((i) => `${publicUrl}${i}`),
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
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
    { 'script:ld+json': jsonLd },
  ];
};

// The business nav, theme and footer come from the store layout (routes.ts).
export default function CataloguePage({ loaderData }: Route.ComponentProps) {
  const { catalogue, products, count, onOwnDomain } = loaderData;
  return (
    <QueryProvider>
      <CatalogueView key={catalogue._id} catalogue={catalogue} products={products} count={count} onOwnDomain={onOwnDomain} />
    </QueryProvider>
  );
}
