import { limits } from '@stashblog/contract/limits';
import { messages } from '@stashblog/contract/messages';
import type { Product, ProductList } from '@stashblog/contract/products';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useAdminListState } from '../../features/admin/use-admin-list-state';
import { AdminProductCard, type CardAction } from '../../features/products/admin-product-card';
import { type AdminProductsQuery, adminProductsKey, fetchAdminProducts } from '../../features/products/admin-products-api';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { useConfirm } from '../../ui/confirm-dialog';
import { Pagination, totalPagesOf } from '../../ui/pagination';

export const meta = () => [{ title: 'Products | Admin' }];

export default function AdminProducts() {
  const { tab, switchTab, searchText, setSearchText, search: productName, page, setPage } = useAdminListState();
  const [busy, setBusy] = useState<Set<string>>(() => new Set());
  const [confirm, dialog] = useConfirm();
  const queryClient = useQueryClient();

  const query: AdminProductsQuery = { page, isPromoted: tab === 'promoted', productName };
  const { data, isPending, isError, error, isFetching } = useQuery({
    queryKey: adminProductsKey(query),
    queryFn: () => fetchAdminProducts(query),
    placeholderData: keepPreviousData,
  });
  const totalPages = totalPagesOf(data?.count ?? 0, limits.adminListPage);

  function patchCached(update: (list: ProductList) => ProductList) {
    queryClient.setQueryData<ProductList>(adminProductsKey(query), (list) => (list ? update(list) : list));
  }

  async function onAction(action: CardAction, product: Product) {
    if (busy.has(product._id)) return;
    if (action === 'delete' && !(await confirm(messages.confirmDelete(product.productName)))) return;
    setBusy((s) => new Set(s).add(product._id));
    try {
      if (action === 'delete') {
        const result = await api('DELETE', '/userAdmin/products/delete', { id: product._id });
        if (!isOk(result)) return toastFailure(result);
        patchCached((list) => ({ products: list.products.filter((p) => p._id !== product._id), count: list.count - 1 }));
        toast.warning(result.message);
      } else {
        const path = action === 'status' ? '/userAdmin/products/updateStatus' : '/userAdmin/products/promote';
        const result = await api<{ status: boolean }>('PUT', path, { id: product._id });
        if (!isOk(result)) return toastFailure(result);
        const status = result.payload.status;
        const change: Partial<Product> = action === 'status' ? { isPublic: status } : { isPromoted: status, promoted: status };
        patchCached((list) => ({ ...list, products: list.products.map((p) => (p._id === product._id ? { ...p, ...change } : p)) }));
        // SPEC §4: green when the product becomes public, red when it becomes private.
        if (action === 'status') (status ? toast.success : toast.error)(result.message);
        else toast.success(result.message);
      }
      await queryClient.invalidateQueries({ queryKey: adminProductsKey() });
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(product._id);
        return next;
      });
    }
  }

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-2xl">Products</h1>
        <Link to="/userAdmin/addProduct" className="rounded bg-primary px-4 py-2 text-on-primary">
          Add Product
        </Link>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="tablist" aria-label="Product lists" className="inline-flex rounded-lg bg-surface p-1">
          {(['casual', 'promoted'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              onClick={() => switchTab(t)}
              className={`rounded-md px-4 py-2 text-sm ${tab === t ? 'bg-primary text-on-primary' : ''}`}
            >
              {t === 'casual' ? 'Casual' : 'Promoted'}
            </button>
          ))}
        </div>
        <label className="flex items-center gap-2">
          <span className="sr-only">Search products by name</span>
          <input
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search by product name"
            className="w-full rounded border border-black/20 bg-background px-3 py-2 sm:w-72"
          />
        </label>
      </div>

      {isPending ? (
        <ProductGridSkeleton />
      ) : isError ? (
        <p role="alert" className="rounded bg-surface p-6 text-center">
          {error.message}
        </p>
      ) : data.products.length === 0 ? (
        <div className="rounded-lg bg-surface p-10 text-center">
          <p className="font-medium">{productName ? 'No products match your search.' : 'No products yet.'}</p>
          {!productName && tab === 'casual' ? (
            <Link to="/userAdmin/addProduct" className="mt-3 inline-block underline">
              Add your first product
            </Link>
          ) : null}
        </div>
      ) : (
        <div className={`grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${isFetching ? 'opacity-70' : ''}`}>
          {data.products.map((p) => (
            <AdminProductCard key={p._id} product={p} busy={busy.has(p._id)} onAction={onAction} />
          ))}
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Products pages" />
      {dialog}
    </section>
  );
}

function ProductGridSkeleton() {
  return (
    <div
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      role="status"
      aria-busy="true"
      aria-label="Loading products"
    >
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-80 animate-pulse rounded-lg bg-surface" />
      ))}
    </div>
  );
}
