import { limits } from '@stashblog/contract/limits';
import type { Product, ProductList } from '@stashblog/contract/products';
import { specTexts } from '@stashblog/contract/spec-texts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AdminProductCard, type CardAction } from '../../features/products/admin-product-card';
import { type AdminProductsQuery, adminProductsKey, fetchAdminProducts } from '../../features/products/admin-products-api';
import { StoreSwitchNotice } from '../../features/settings/settings-tiles';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { ListShell } from '../../ui/list-shell';
import { useConfirm } from '../../ui/modal';
import { totalPagesOf } from '../../ui/pagination';
import { toast } from '../../ui/toasts';
import { useBusy } from '../../ui/use-busy';
import { useListState } from '../../ui/use-list-state';

export const meta = () => [{ title: 'Products | Admin' }];

const tabs = [
  { value: 'casual', label: 'Casual' },
  { value: 'promoted', label: 'Promoted' },
] as const;

export default function AdminProducts() {
  const { tab, switchTab, searchText, setSearchText, search: productName, page, setPage } = useListState();
  const { isBusy, run } = useBusy();
  const [confirm, dialog] = useConfirm();
  const queryClient = useQueryClient();

  const query: AdminProductsQuery = { page, isPromoted: tab === 'promoted', productName };
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: adminProductsKey(query),
    queryFn: () => fetchAdminProducts(query),
    placeholderData: keepPreviousData,
  });

  function patchCached(update: (list: ProductList) => ProductList) {
    queryClient.setQueryData<ProductList>(adminProductsKey(query), (list) => (list ? update(list) : list));
  }

  async function onAction(action: CardAction, product: Product) {
    if (isBusy(product._id)) return;
    if (action === 'delete' && !(await confirm(specTexts.confirmDelete(product.productName)))) return;
    await run(product._id, async () => {
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
    });
  }

  return (
    <ListShell
      title="Products"
      subtitle={<StoreSwitchNotice noun="products" />}
      actions={
        <Link to="/userAdmin/addProduct" className="rounded bg-primary px-4 py-2 text-on-primary">
          Add Product
        </Link>
      }
      tabs={{ label: 'Product lists', options: tabs, value: tab, onChange: switchTab }}
      search={{ label: 'Search products by name', placeholder: 'Search by product name', value: searchText, onChange: setSearchText }}
      items={data?.products}
      itemKey={(p) => p._id}
      isPending={isPending}
      error={error}
      isFetching={isFetching}
      loadingLabel="Loading products"
      renderCard={(p) => <AdminProductCard product={p} busy={isBusy(p._id)} onAction={onAction} />}
      empty={
        <>
          <p className="font-medium">{productName ? 'No products match your search.' : 'No products yet.'}</p>
          {!productName && tab === 'casual' ? (
            <Link to="/userAdmin/addProduct" className="mt-3 inline-block underline">
              Add your first product
            </Link>
          ) : null}
        </>
      }
      paging={{ page, totalPages: totalPagesOf(data?.count ?? 0, limits.adminListPage), onChange: setPage, label: 'Products pages' }}
    >
      {dialog}
    </ListShell>
  );
}
