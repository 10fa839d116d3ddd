import type { Catalogue, CatalogueList } from '@stashblog/contract/catalogues';
import { limits } from '@stashblog/contract/limits';
import { specTexts } from '@stashblog/contract/spec-texts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AdminCatalogueCard, type CatalogueAction } from '../../features/catalogues/admin-catalogue-card';
import { type AdminCataloguesQuery, adminCataloguesKey, fetchAdminCatalogues } from '../../features/catalogues/admin-catalogues-api';
import { StoreSwitchNotice } from '../../features/settings/settings-tiles';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { ListShell } from '../../ui/list-shell';
import { useConfirm } from '../../ui/modal';
import { totalPagesOf } from '../../ui/pagination';
import { toast } from '../../ui/toasts';
import { useBusy } from '../../ui/use-busy';
import { useListState } from '../../ui/use-list-state';

export const meta = () => [{ title: 'Catalogues | Admin' }];

const tabs = [
  { value: 'casual', label: 'Casual' },
  { value: 'promoted', label: 'Promoted' },
] as const;

export default function AdminCatalogues() {
  const { tab, switchTab, searchText, setSearchText, search: catalogueName, page, setPage } = useListState();
  const { isBusy, run } = useBusy();
  const [confirm, dialog] = useConfirm();
  const queryClient = useQueryClient();

  const query: AdminCataloguesQuery = { page, isPromoted: tab === 'promoted', catalogueName };
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: adminCataloguesKey(query),
    queryFn: () => fetchAdminCatalogues(query),
    placeholderData: keepPreviousData,
  });

  function patchCached(update: (list: CatalogueList) => CatalogueList) {
    queryClient.setQueryData<CatalogueList>(adminCataloguesKey(query), (list) => (list ? update(list) : list));
  }

  async function onAction(action: CatalogueAction, catalogue: Catalogue) {
    if (isBusy(catalogue._id)) return;
    if (action === 'delete' && !(await confirm(specTexts.confirmDelete(catalogue.catalogueName)))) return;
    await run(catalogue._id, async () => {
      if (action === 'delete') {
        const result = await api('DELETE', '/userAdmin/catalogues/delete', { id: catalogue._id });
        if (!isOk(result)) return toastFailure(result);
        patchCached((list) => ({ catalogues: list.catalogues.filter((c) => c._id !== catalogue._id), count: list.count - 1 }));
        toast.warning(result.message);
      } else {
        const path = action === 'status' ? '/userAdmin/catalogues/updateStatus' : '/userAdmin/catalogues/promote';
        const result = await api<{ status: boolean }>('PUT', path, { id: catalogue._id });
        if (!isOk(result)) return toastFailure(result);
        const status = result.payload.status;
        const change: Partial<Catalogue> = action === 'status' ? { isPublic: status } : { isPromoted: status };
        patchCached((list) => ({ ...list, catalogues: list.catalogues.map((c) => (c._id === catalogue._id ? { ...c, ...change } : c)) }));
        // SPEC §4: green when the catalogue becomes public, red when it becomes private.
        if (action === 'status') (status ? toast.success : toast.error)(result.message);
        else toast.success(result.message);
      }
      await queryClient.invalidateQueries({ queryKey: adminCataloguesKey() });
    });
  }

  return (
    <ListShell
      title="Catalogues"
      subtitle={<StoreSwitchNotice noun="catalogues" />}
      actions={
        <Link to="/userAdmin/addCatalogue" className="rounded bg-primary px-4 py-2 text-on-primary">
          Add Catalogue
        </Link>
      }
      tabs={{ label: 'Catalogue lists', options: tabs, value: tab, onChange: switchTab }}
      search={{ label: 'Search catalogues by name', placeholder: 'Search by catalogue name', value: searchText, onChange: setSearchText }}
      items={data?.catalogues}
      itemKey={(c) => c._id}
      isPending={isPending}
      error={error}
      isFetching={isFetching}
      loadingLabel="Loading catalogues"
      renderCard={(c) => <AdminCatalogueCard catalogue={c} busy={isBusy(c._id)} onAction={onAction} />}
      empty={
        <>
          <p className="font-medium">{catalogueName ? 'No catalogues match your search.' : 'No catalogues yet.'}</p>
          {!catalogueName && tab === 'casual' ? (
            <Link to="/userAdmin/addCatalogue" className="mt-3 inline-block underline">
              Add your first catalogue
            </Link>
          ) : null}
        </>
      }
      paging={{ page, totalPages: totalPagesOf(data?.count ?? 0, limits.adminListPage), onChange: setPage, label: 'Catalogues pages' }}
    >
      {dialog}
    </ListShell>
  );
}
