import { specTexts } from '@stashblog/contract/spec-texts';

type Match = { id: string; data?: unknown } | undefined;

/** Where the marketing layout says our site lives (canonical urls are absolute). */
function publicUrl(matches: readonly Match[]): string {
  const data = matches.find((m) => m?.id === 'marketing-layout')?.data as { publicUrl?: string } | undefined;
  return (data?.publicUrl ?? '').replace(/\/$/, '');
}

/** Title, description, canonical, Open Graph and Twitter tags of one marketing page (SPEC §1 defaults). */
export function marketingMeta(matches: readonly Match[], page: { title?: string; description?: string; path: string; noindex?: boolean }) {
  const title = page.title ? `${page.title} | StashBlog` : specTexts.defaultTitle;
  const description = page.description ?? specTexts.defaultDescription;
  const canonical = `${publicUrl(matches)}${page.path}`;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'StashBlog' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
