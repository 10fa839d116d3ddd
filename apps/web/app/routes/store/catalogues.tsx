import type { Catalogue } from '@stashblog/contract/catalogues';
import { endpoints } from '@stashblog/contract/endpoints';
import { cataloguePath } from '@stashblog/contract/paths';
import { CatalogueCard } from '../../features/catalogues/catalogue-card';
import { fetchListingPage, InfiniteGrid, useSortParam } from '../../features/store/infinite-grid';
import { loadCatalogueListing } from '../../features/store/listing.server';
import { itemListLd, storeMeta } from '../../features/store/seo';
import { storeFromMatches, useStore } from '../../features/store/use-store';
import { withMediaWidths } from '../../lib/media-widths.server';
import { QueryProvider } from '../../ui/query-provider';
import { SortSelect } from '../../ui/sort-select';
import type { Route } from './+types/catalogues';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return withMediaWidths(context, await loadCatalogueListing(context, request, params));
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const store = storeFromMatches(matches);
  return storeMeta(store, {
    page: 'Catalogues',
    path: store?.path('/catalogues') ?? '/catalogues',
    jsonLd:
      store && loaderData
        ? itemListLd(
            store.origin,
            loaderData.first.catalogues.map((c) => ({
              name: c.catalogueName,
              path: cataloguePath(c.businessName, c._id, store.onOwnDomain),
            })),
          )
        : undefined,
  });
};

export default function CataloguesPage({ loaderData }: Route.ComponentProps) {
  const store = useStore();
  const { sort, first } = loaderData;
  const chooseSort = useSortParam();
  const businessName = store.profile.businessName;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-bold text-3xl">Catalogues</h1>
        <SortSelect value={sort} onChange={chooseSort} />
      </div>
      <QueryProvider>
        <InfiniteGrid<Catalogue>
          queryKey={['store-catalogues', businessName, sort]}
          first={{ items: first.catalogues, count: first.count }}
          fetchPage={fetchListingPage(endpoints.publicCatalogues.fetchAll, 'catalogues', { businessName, sort })}
          keyOf={(c) => c._id}
          gridClass={`grid gap-4 ${store.template1 ? 'grid-cols-2 lg:grid-cols-4' : 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3'}`}
          empty="No catalogues yet."
          render={(c) => (
            <CatalogueCard
              catalogue={c}
              href={cataloguePath(c.businessName, c._id, store.onOwnDomain)}
              template={store.profile.template}
              heading="h2"
            />
          )}
        />
      </QueryProvider>
    </main>
  );
}
