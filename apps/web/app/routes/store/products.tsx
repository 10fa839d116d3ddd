import { endpoints } from '@stashblog/contract/endpoints';
import { productPath } from '@stashblog/contract/paths';
import type { Product } from '@stashblog/contract/products';
import { fetchListingPage, InfiniteGrid, useSortParam } from '../../features/store/infinite-grid';
import { loadProductListing } from '../../features/store/listing.server';
import { ProductCard } from '../../features/store/product-card';
import { itemListLd, storeMeta } from '../../features/store/seo';
import { storeFromMatches, useStore } from '../../features/store/use-store';
import { withMediaWidths } from '../../lib/media-widths.server';
import { QueryProvider } from '../../ui/query-provider';
import { SortSelect } from '../../ui/sort-select';
import type { Route } from './+types/products';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return withMediaWidths(context, await loadProductListing(context, request, params));
}

export function headers() {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const store = storeFromMatches(matches);
  const category = loaderData?.category;
  return storeMeta(store, {
    page: category ? `${category} | Products` : 'Products',
    path: `${store?.path('/products') ?? '/products'}${category ? `?category=${encodeURIComponent(category)}` : ''}`,
    jsonLd:
      store && loaderData
        ? itemListLd(
            store.origin,
            loaderData.first.products.map((p) => ({ name: p.productName, path: productPath(p.businessName, p._id, store.onOwnDomain) })),
          )
        : undefined,
  });
};

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const store = useStore();
  const { sort, category, first } = loaderData;
  const chooseSort = useSortParam();
  const businessName = store.profile.businessName;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl">Products</h1>
          {category ? (
            <p className="mt-1 text-muted">
              Category: <span className="font-semibold text-text capitalize">{category}</span> ·{' '}
              <a href={store.path('/products')} className="underline">
                Show all
              </a>
            </p>
          ) : null}
        </div>
        <SortSelect value={sort} onChange={chooseSort} />
      </div>
      <QueryProvider>
        <InfiniteGrid<Product>
          queryKey={['store-products', businessName, sort, category]}
          first={{ items: first.products, count: first.count }}
          fetchPage={fetchListingPage(endpoints.publicProducts.fetchAll, 'products', {
            businessName,
            sort,
            category: category || undefined,
          })}
          keyOf={(p) => p._id}
          gridClass={`grid gap-4 ${store.template1 ? 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6' : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4'}`}
          empty="No products yet."
          render={(p, i) => (
            <ProductCard product={p} onOwnDomain={store.onOwnDomain} template1={store.template1} eager={i < 4} heading="h2" />
          )}
        />
      </QueryProvider>
    </main>
  );
}
