import { Outlet } from 'react-router';
import { MarketingLayout } from '../../features/marketing/marketing-layout';
import type { Route } from './+types/layout';

// The unprefixed paths: the marketing site on our own host. A custom domain's storefront uses the same
// paths (`/home`, `/products`…), so its layout sits inside this one and this one steps aside there.
export function loader({ context }: Route.LoaderArgs) {
  return { marketing: !context.tenant, publicUrl: context.publicUrl };
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export default function Layout({ loaderData }: Route.ComponentProps) {
  if (!loaderData.marketing) return <Outlet />;
  return (
    <MarketingLayout>
      <Outlet />
    </MarketingLayout>
  );
}
