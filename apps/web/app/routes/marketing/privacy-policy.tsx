import { markdownPage } from '../../features/marketing/markdown.server';
import { MarkdownArticle } from '../../features/marketing/markdown-article';
import { marketingMeta } from '../../features/marketing/seo';
import type { Route } from './+types/privacy-policy';

export function loader() {
  return markdownPage('privacyPolicy');
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  marketingMeta(matches, {
    title: loaderData?.title,
    description: 'What personal data StashBlog collects, why, and your choices.',
    path: '/privacyPolicy',
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle title={loaderData.title} html={loaderData.html} />;
}
