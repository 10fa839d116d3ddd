import { productPath } from '@stashblog/contract/paths';
import { MarketingHome } from '../../features/marketing/marketing-home';
import { marketingMeta } from '../../features/marketing/seo';
import { loadStoreHome } from '../../features/store/home.server';
import { itemListLd, storeMeta } from '../../features/store/seo';
import { loadStoreLayout } from '../../features/store/store.server';
import { StoreHome } from '../../features/store/store-home';
import { storeFromMatches, useStore } from '../../features/store/use-store';
import { withMediaWidths } from '../../lib/media-widths.server';
import type { Route } from './+types/home';

// Also the marketing `/home` on our own host: the server's tenant hook leaves `tenant` null there.
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!context.tenant && !params.businessName) return { marketing: true as const };
  const { profile } = await loadStoreLayout(context, request, params);
  return withMediaWidths(context, { marketing: false as const, home: await loadStoreHome(context, params, profile.template) });
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (loaderData?.marketing) return marketingMeta(matches, { path: '/home' });
  const store = storeFromMatches(matches);
  const products = loaderData?.home.topProducts ?? [];
  return storeMeta(store, {
    page: 'Home',
    path: store?.path('/home') ?? '/home',
    jsonLd: store
      ? itemListLd(
          store.origin,
          products.map((p) => ({ name: p.productName, path: productPath(p.businessName, p._id, store.onOwnDomain) })),
        )
      : undefined,
  });
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.marketing) return <MarketingHome />;
  return <StoreHomeRoute home={loaderData.home} />;
}

function StoreHomeRoute({ home }: { home: Parameters<typeof StoreHome>[0]['home'] }) {
  return <StoreHome store={useStore()} home={home} />;
}
