import { loadDirectory } from '../../features/directory/directory.server';
import { DirectoryPage } from '../../features/directory/directory-page';
import { marketingMeta } from '../../features/marketing/seo';
import { withMediaWidths } from '../../lib/media-widths.server';
import { QueryProvider } from '../../ui/query-provider';
import type { Route } from './+types/showcases';

export async function loader({ context, request }: Route.LoaderArgs) {
  return withMediaWidths(context, await loadDirectory(context, request));
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  marketingMeta(matches, {
    title: 'Showcases',
    description: 'Promoted and new products, catalogues and businesses from StashBlog storefronts.',
    path: '/showcases',
  });

export default function ShowcasesPage({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider>
      <DirectoryPage data={loaderData} />
    </QueryProvider>
  );
}
