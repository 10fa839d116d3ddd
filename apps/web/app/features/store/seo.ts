import { specTexts } from '@stashblog/contract/spec-texts';
import type { Store } from './use-store';

// Search snippets show about 160 characters; cut at a word boundary.
export function summarise(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

type PageSeo = {
  /** Page part of the title; the business name follows it. */
  page: string;
  description?: string;
  /** Path on the store (built with the store's path helper). */
  path: string;
  image?: string;
  /** The item's share card (absolute URL, decision 060): its og:image in place of `image`. */
  card?: string;
  type?: string;
  jsonLd?: Record<string, unknown>;
};

/** A storefront page's title: the page, then the business, both as their owner wrote them (decision 047). */
export function storeTitle(store: Store, page: string) {
  const business = store.displayName;
  return page ? `${page} | ${business}` : business;
}

/** Title, description, canonical, Open Graph and Twitter tags of one storefront page. */
export function storeMeta(store: Store | null, seo: PageSeo) {
  if (!store) return [{ title: specTexts.notFoundTitle }, { name: 'robots', content: 'noindex' }];
  const business = store.displayName;
  const title = storeTitle(store, seo.page);
  const description = summarise(seo.description || store.profile.description) || specTexts.defaultDescription;
  const canonical = `${store.origin}${seo.path}`;
  const image = seo.image ?? store.profile.banners[0] ?? store.profile.logo ?? undefined;
  const imageUrl = seo.card ?? (image ? `${store.publicUrl}${image}` : undefined);
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:site_name', content: business },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(imageUrl ? [{ property: 'og:image', content: imageUrl }] : []),
    { name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(imageUrl ? [{ name: 'twitter:image', content: imageUrl }] : []),
    ...(seo.jsonLd ? [{ 'script:ld+json': seo.jsonLd }] : []),
  ];
}

/** schema.org ItemList of product or catalogue links (listing pages and home). */
export function itemListLd(origin: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, url: `${origin}${item.path}` })),
  };
}
