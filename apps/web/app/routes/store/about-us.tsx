import { fetchAboutUs } from '@stashblog/server/modules/users/users.service.ts';
import { AboutUs } from '../../features/store/about-us';
import { storeMeta } from '../../features/store/seo';
import { or404, requireTenant } from '../../features/store/store.server';
import { storeFromMatches, useStore } from '../../features/store/use-store';
import type { Route } from './+types/about-us';

export async function loader({ context, params }: Route.LoaderArgs) {
  const { businessName } = requireTenant(context, params);
  return (await or404(fetchAboutUs(context.ctx, { businessName }))).aboutUs;
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
