import { AboutUs } from '../../features/store/about-us';
import { loadAboutUs } from '../../features/store/about-us.server';
import { storeMeta } from '../../features/store/seo';
import { storeFromMatches, useStore } from '../../features/store/use-store';
import { withMediaWidths } from '../../lib/media-widths.server';
import type { Route } from './+types/about-us';

export async function loader({ context, params }: Route.LoaderArgs) {
  return withMediaWidths(context, await loadAboutUs(context, params));
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const store = storeFromMatches(matches);
  return storeMeta(store, {
    page: 'About Us',
    description: loaderData?.description,
    image: loaderData?.images[0],
    path: store?.path('/aboutus') ?? '/aboutus',
  });
};

export default function AboutUsPage({ loaderData }: Route.ComponentProps) {
  return <AboutUs store={useStore()} aboutUs={loaderData} />;
}
