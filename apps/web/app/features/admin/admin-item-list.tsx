import type { Catalogue } from '@stashblog/contract/catalogues';
import { endpoints } from '@stashblog/contract/endpoints';
import { limits } from '@stashblog/contract/limits';
import type { Product } from '@stashblog/contract/products';
import { specTexts } from '@stashblog/contract/spec-texts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { type ApiResult, api, isOk, toastFailure } from '../../lib/api-client';
import { ListShell } from '../../ui/list-shell';
import { useConfirm } from '../../ui/modal';
import { totalPagesOf } from '../../ui/pagination';
import { toast } from '../../ui/toasts';
import { useBusy } from '../../ui/use-busy';
import { useListState } from '../../ui/use-list-state';
import { adminCataloguesKey, fetchAdminCatalogues } from '../catalogues/admin-catalogues-api';
import { adminProductsKey, fetchAdminProducts } from '../products/admin-products-api';
import { StoreSwitchNotice } from '../settings/settings-tiles';
import type { AdminItem, CardAction } from './admin-item-card';
import { adminItemPaths, type ItemKind, type ListTab, tabOf } from './admin-item-paths';

export type ItemsQuery = { page: number; isPromoted: boolean; name: string };
export type ItemsPage<T> = { items: T[]; count: number };

type Source = {
  queryKey: (q?: ItemsQuery) => readonly unknown[];
  fetch: (q: ItemsQuery) => Promise<ItemsPage<AdminItem>>;
  remove: (id: string) => Promise<ApiResult<unknown>>;
  toggle: (action: 'status' | 'promote', id: string) => Promise<ApiResult<{ status: boolean }>>;
  nameOf: (item: AdminItem) => string;
};

const P = endpoints.userAdminProducts;
const C = endpoints.userAdminCatalogues;
const sources: Record<ItemKind, Source> = {
  product: {
    queryKey: (q) => adminProductsKey(q && { page: q.page, isPromoted: q.isPromoted, productName: q.name }),
    fetch: (q) => fetchAdminProducts({ ...q, productName: q.name }).then((l) => ({ items: l.products, count: l.count })),
    remove: (id) => api(P.delete, { id }),
    toggle: (action, id) => api(action === 'status' ? P.updateStatus : P.promote, { id }),
    nameOf: (item) => (item as Product).productName,
  },
  catalogue: {
    queryKey: (q) => adminCataloguesKey(q && { page: q.page, isPromoted: q.isPromoted, catalogueName: q.name }),
    fetch: (q) => fetchAdminCatalogues({ ...q, catalogueName: q.name }).then((l) => ({ items: l.catalogues, count: l.count })),
    remove: (id) => api(C.delete, { id }),
    toggle: (action, id) => api(action === 'status' ? C.updateStatus : C.promote, { id }),
    nameOf: (item) => (item as Catalogue).catalogueName,
  },
};

type Props<T extends AdminItem> = {
  kind: ItemKind;
  renderCard: (item: T, state: { tab: ListTab; busy: boolean; onAction: (action: CardAction, item: T) => void }) => React.ReactNode;
  /** Actions beside Add (the products' Export and Import), given the list's query. */
  moreActions?: (query: ItemsQuery) => React.ReactNode;
};

const tabOptions = [
  { value: 'casual', label: 'Casual' },
  { value: 'promoted', label: 'Promoted' },
] as const;

/**
 * SPEC "Products list" / "Catalogues list": Casual/Promoted tabs (kept in `?tab=`, so Edit comes back to the tab it
 * left), search, paging, and the card actions Status, Promote and Delete, each refused while one is in flight.
 */
export function AdminItemList<T extends AdminItem>({ kind, renderCard, moreActions }: Props<T>) {
  const { queryKey, fetch, remove, toggle, nameOf } = sources[kind];
  const paths = adminItemPaths(kind);
  const nouns = `${kind}s`;
  const [params, setParams] = useSearchParams();
  const { tab, switchTab, searchText, setSearchText, search, page, setPage } = useListState<ListTab>(tabOf(params));
  const { isBusy, run } = useBusy();
  const [confirm, dialog] = useConfirm();
  const queryClient = useQueryClient();

  const query: ItemsQuery = { page, isPromoted: tab === 'promoted', name: search };
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: queryKey(query),
    queryFn: () => fetch(query) as Promise<ItemsPage<T>>,
    placeholderData: keepPreviousData,
  });

  function showTab(next: ListTab) {
    switchTab(next);
    setParams(next === 'casual' ? {} : { tab: next }, { replace: true });
  }

  function patchCached(update: (list: ItemsPage<T>) => ItemsPage<T>) {
    queryClient.setQueryData<ItemsPage<T>>(queryKey(query), (list) => (list ? update(list) : list));
  }

  async function onAction(action: CardAction, item: T) {
    if (isBusy(item._id)) return;
    if (action === 'delete' && !(await confirm(specTexts.confirmDelete(nameOf(item))))) return;
    await run(item._id, async () => {
      if (action === 'delete') {
        const result = await remove(item._id);
        if (!isOk(result)) return toastFailure(result);
        patchCached((list) => ({ items: list.items.filter((x) => x._id !== item._id), count: list.count - 1 }));
        toast.warning(result.message);
      } else {
        const result = await toggle(action, item._id);
        if (!isOk(result)) return toastFailure(result);
        const status = result.payload.status;
        const change = action === 'status' ? { isPublic: status } : { isPromoted: status, promoted: status };
        patchCached((list) => ({ ...list, items: list.items.map((x) => (x._id === item._id ? { ...x, ...change } : x)) }));
        // SPEC §4: green when the item becomes public, red when it becomes private.
        if (action === 'status') (status ? toast.success : toast.error)(result.message);
        else toast.success(result.message);
      }
      await queryClient.invalidateQueries({ queryKey: queryKey() });
    });
  }

  let empty: React.ReactNode;
  if (search) empty = <p className="font-medium">No {nouns} match your search.</p>;
  else if (tab === 'promoted') {
    empty = (
      <>
        <p className="font-medium">No promoted {nouns} yet.</p>
        <p className="mt-1 text-muted text-sm">Promote a {kind} from the Casual tab and it shows here.</p>
      </>
    );
  } else {
    empty = (
      <>
        <p className="font-medium">No {nouns} yet.</p>
        <Link to={paths.add} className="mt-3 inline-block underline">
          Add your first {kind}
        </Link>
      </>
    );
  }

  return (
    <ListShell
      title={paths.title}
      subtitle={<StoreSwitchNotice noun={nouns as 'products' | 'catalogues'} />}
      actions={
        <>
          <Link to={paths.add} className="rounded bg-primary px-4 py-2 text-on-primary">
            Add {kind === 'product' ? 'Product' : 'Catalogue'}
          </Link>
          {moreActions?.(query)}
        </>
      }
      tabs={{ label: `${kind === 'product' ? 'Product' : 'Catalogue'} lists`, options: tabOptions, value: tab, onChange: showTab }}
      search={{ label: `Search ${nouns} by name`, placeholder: `Search by ${kind} name`, value: searchText, onChange: setSearchText }}
      items={data?.items}
      itemKey={(x) => x._id}
      isPending={isPending}
      error={error}
      isFetching={isFetching}
      loadingLabel={`Loading ${nouns}`}
      renderCard={(x) => renderCard(x, { tab, busy: isBusy(x._id), onAction })}
      empty={empty}
      paging={{
        page,
        totalPages: totalPagesOf(data?.count ?? 0, limits.adminListPage),
        onChange: setPage,
        label: `${paths.title} pages`,
      }}
    >
      {dialog}
    </ListShell>
  );
}
