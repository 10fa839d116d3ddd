import { markdownPage } from '../../features/marketing/markdown.server';
import { MarkdownArticle } from '../../features/marketing/markdown-article';
import { marketingMeta } from '../../features/marketing/seo';
import type { Route } from './+types/faq';

export function loader() {
  return markdownPage('faq');
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  marketingMeta(matches, {
    title: loaderData?.title,
    description: 'Answers to common questions about StashBlog storefronts, plans and enquiries.',
    path: '/faq',
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle title={loaderData.title} html={loaderData.html} />;
}
