import { markdownPage } from '../../features/marketing/markdown.server';
import { MarkdownArticle } from '../../features/marketing/markdown-article';
import { marketingMeta } from '../../features/marketing/seo';
import type { Route } from './+types/terms';

export function loader() {
  return markdownPage('termsAndConditions');
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  marketingMeta(matches, {
    title: loaderData?.title,
    description: 'The terms of use of StashBlog storefronts and accounts.',
    path: '/terms&Conditions',
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle title={loaderData.title} html={loaderData.html} />;
}
