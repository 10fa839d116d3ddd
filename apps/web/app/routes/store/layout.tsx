import { Outlet } from 'react-router';
import { loadStoreLayout } from '../../features/store/store.server';
import { StoreLayout } from '../../features/store/store-layout';
import { withHelpers } from '../../features/store/use-store';
import { withMediaWidths } from '../../lib/media-widths.server';
import type { Route } from './+types/layout';

// Mounted twice (routes.ts): `/:businessName/…` on our host and unprefixed on a custom domain. On our
// own host the unprefixed `/home` is the marketing site (no tenant), so this layout steps aside there.
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!context.tenant && !params.businessName) return null;
  return withMediaWidths(context, await loadStoreLayout(context, request, params));
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export default function Layout({ loaderData }: Route.ComponentProps) {
  return loaderData ? <StoreLayout store={withHelpers(loaderData)} /> : <Outlet />;
}
