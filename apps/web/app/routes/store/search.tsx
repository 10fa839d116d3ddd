import { specTexts } from '@stashblog/contract/spec-texts';
import { loadSearchPage } from '../../features/search/search.server';
import { SearchPage } from '../../features/search/search-page';
import { storeMeta } from '../../features/store/seo';
import { storeFromMatches } from '../../features/store/use-store';
import { withMediaWidths } from '../../lib/media-widths.server';
import type { Route } from './+types/search';

// `/{business}/search` and `/search` on a custom domain; on our own host, `/search` searches every business.
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return withMediaWidths(context, await loadSearchPage(context, request, params));
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const store = storeFromMatches(matches);
  const page = loaderData?.term ? `Search: ${loaderData.term}` : 'Search';
  // Result pages are not for search engines' indexes.
  const noindex = { name: 'robots', content: 'noindex, follow' };
  if (!store) return [{ title: `${page} | StashBlog` }, { name: 'description', content: specTexts.defaultDescription }, noindex];
  return [...storeMeta(store, { page, path: store.path('/search') }), noindex];
};

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} />;
}
