import type { Catalogue, CatalogueList } from '@stashblog/contract/catalogues';
import { limits } from '@stashblog/contract/limits';
import { messages } from '@stashblog/contract/messages';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useAdminListState } from '../../features/admin/use-admin-list-state';
import { AdminCatalogueCard, type CatalogueAction } from '../../features/catalogues/admin-catalogue-card';
import { type AdminCataloguesQuery, adminCataloguesKey, fetchAdminCatalogues } from '../../features/catalogues/admin-catalogues-api';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { useConfirm } from '../../ui/confirm-dialog';
import { Pagination, totalPagesOf } from '../../ui/pagination';

export const meta = () => [{ title: 'Catalogues | Admin' }];

export default function AdminCatalogues() {
  const { tab, switchTab, searchText, setSearchText, search: catalogueName, page, setPage } = useAdminListState();
  const [busy, setBusy] = useState<Set<string>>(() => new Set());
  const [confirm, dialog] = useConfirm();
  const queryClient = useQueryClient();

  const query: AdminCataloguesQuery = { page, isPromoted: tab === 'promoted', catalogueName };
  const { data, isPending, isError, error, isFetching } = useQuery({
    queryKey: adminCataloguesKey(query),
    queryFn: () => fetchAdminCatalogues(query),
    placeholderData: keepPreviousData,
  });
  const totalPages = totalPagesOf(data?.count ?? 0, limits.adminListPage);

  function patchCached(update: (list: CatalogueList) => CatalogueList) {
    queryClient.setQueryData<CatalogueList>(adminCataloguesKey(query), (list) => (list ? update(list) : list));
  }

  async function onAction(action: CatalogueAction, catalogue: Catalogue) {
    // SPEC §4: actions are blocked while a request is in flight.
    if (busy.has(catalogue._id)) return;
    if (action === 'delete' && !(await confirm(messages.confirmDelete(catalogue.catalogueName)))) return;
    setBusy((s) => new Set(s).add(catalogue._id));
    try {
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
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(catalogue._id);
        return next;
      });
    }
  }

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-2xl">Catalogues</h1>
        <Link to="/userAdmin/addCatalogue" className="rounded bg-primary px-4 py-2 text-on-primary">
          Add Catalogue
        </Link>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="tablist" aria-label="Catalogue lists" className="inline-flex self-start rounded-lg bg-surface p-1">
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
          <span className="sr-only">Search catalogues by name</span>
          <input
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search by catalogue name"
            className="w-full rounded border border-black/20 bg-background px-3 py-2 sm:w-72"
          />
        </label>
      </div>

      {isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" role="status" aria-label="Loading catalogues">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <div key={i} className="h-96 animate-pulse rounded-lg bg-surface" />
          ))}
        </div>
      ) : isError ? (
        <p role="alert" className="rounded bg-surface p-6 text-center">
          {error.message}
        </p>
      ) : data.catalogues.length === 0 ? (
        <div className="rounded-lg bg-surface p-10 text-center">
          <p className="font-medium">{catalogueName ? 'No catalogues match your search.' : 'No catalogues yet.'}</p>
          {!catalogueName && tab === 'casual' ? (
            <Link to="/userAdmin/addCatalogue" className="mt-3 inline-block underline">
              Add your first catalogue
            </Link>
          ) : null}
        </div>
      ) : (
        <div className={`grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${isFetching ? 'opacity-70' : ''}`}>
          {data.catalogues.map((c) => (
            <AdminCatalogueCard key={c._id} catalogue={c} busy={busy.has(c._id)} onAction={onAction} />
          ))}
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Catalogues pages" />
      {dialog}
    </section>
  );
}
