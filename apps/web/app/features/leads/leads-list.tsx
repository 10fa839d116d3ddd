import { endpoints } from '@stashblog/contract/endpoints';
import { encodeId, encodeIds } from '@stashblog/contract/ids';
import { leadTexts, mailReplyUrl, type OwnerLead, whatsAppReplyUrl } from '@stashblog/contract/leads';
import { limits } from '@stashblog/contract/limits';
import { specTexts } from '@stashblog/contract/spec-texts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, apiPayload, endpointUrl, isOk, toastFailure } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import { formatDate } from '../../speed/format';
import { type ListColumn, ListShell } from '../../ui/list-shell';
import { useConfirm } from '../../ui/modal';
import { totalPagesOf } from '../../ui/pagination';
import { toast } from '../../ui/toasts';
import { useBusy } from '../../ui/use-busy';
import { useListState } from '../../ui/use-list-state';

export type LeadsKind = 'product' | 'catalogue';
/** Which leads a page shows: one product's, one catalogue's, or all of a kind (the All Leads tabs). */
export type LeadsScope = { kind: LeadsKind; itemId?: string };

const apiOf = (kind: LeadsKind) => (kind === 'product' ? endpoints.userAdminProducts : endpoints.userAdminCatalogues);

async function fetchLeads(scope: LeadsScope, page: number, search: string) {
  const paging = { pageNo: page, perPage: limits.forumsLeadsPage, searchQuery: search };
  if (scope.kind === 'product' && scope.itemId) {
    const p = await apiPayload(endpoints.userAdminProducts.fetchAllLeads, { ...paging, fkProductId: scope.itemId });
    return { leads: p.productLeads, count: p.count, itemName: p.productName };
  }
  if (scope.kind === 'catalogue' && scope.itemId) {
    const p = await apiPayload(endpoints.userAdminCatalogues.fetchAllLeads, {
      ...paging,
      fkCatalogueId: scope.itemId,
    });
    return { leads: p.catalogueLeads, count: p.count, itemName: p.catalogueName };
  }
  const all =
    scope.kind === 'product' ? endpoints.userAdminProducts.fetchAllProductsLeads : endpoints.userAdminCatalogues.fetchAllCataloguesLeads;
  const p = await apiPayload(all, paging);
  return { leads: p.leads, count: p.count, itemName: '' };
}

/** 'Download Leads': the CSV file from the server (streamed), saved as leads_data.csv; SPEC §8 toasts. */
export async function downloadLeads(scope: LeadsScope) {
  toast.info(specTexts.downloadingLeads);
  const param = scope.kind === 'product' ? 'fkProductId' : 'fkCatalogueId';
  const url = endpointUrl(apiOf(scope.kind).downloadLeads, { [param]: scope.itemId ?? '' });
  try {
    const res = await fetch(url, { headers: { authorization: getToken() ?? '' } });
    const text = res.ok ? await res.text() : '';
    // Header row only (or nothing) means there was nothing to download.
    if (
      text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean).length < 2
    ) {
      toast.warning(specTexts.csvFailed);
      return;
    }
    const href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = href;
    a.download = leadTexts.csvFileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
    toast.success(specTexts.leadsDownloaded);
  } catch {
    toast.warning(specTexts.csvFailed);
  }
}

/** SPEC "Product leads" / "Catalogue leads" / "All Leads" list: search, paging 12, delete (confirmed), Download Leads, replies. */
export function LeadsList({
  scope,
  displayName,
  title,
  tabs,
}: {
  scope: LeadsScope;
  /** The business as its owner writes it, named in WhatsApp replies. */
  displayName: string;
  title: string;
  tabs?: React.ComponentProps<typeof ListShell<OwnerLead, LeadsKind>>['tabs'];
}) {
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const { isBusy, run } = useBusy();
  const [confirm, dialog] = useConfirm();
  const queryClient = useQueryClient();
  const key = ['leads', scope.kind, scope.itemId ?? 'all', page, search];
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: key,
    queryFn: () => fetchLeads(scope, page, search),
    placeholderData: keepPreviousData,
  });

  async function remove(lead: OwnerLead) {
    if (isBusy(lead._id) || !(await confirm(specTexts.confirmDeleteLead))) return;
    await run(lead._id, async () => {
      const result = await api(apiOf(scope.kind).deleteLead, { id: lead._id });
      if (!isOk(result)) return toastFailure(result);
      toast.warning(result.message);
      await queryClient.invalidateQueries({ queryKey: ['leads'] });
    });
  }

  const columns: ListColumn<OwnerLead>[] = [
    {
      header: 'Name',
      cell: (l) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{l.name}</span>
          {l.isNew ? (
            <span className="rounded bg-green-100 px-2 py-0.5 text-green-800 text-xs">{leadTexts.newLead}</span>
          ) : (
            <span className="rounded bg-surface px-2 py-0.5 text-xs">{leadTexts.seenLead}</span>
          )}
        </span>
      ),
    },
    { header: 'Phone', cell: (l) => `${limits.phonePrefix} ${l.phoneNo}` },
    { header: 'Email', cell: (l) => <span className="break-all">{l.email}</span> },
    ...(scope.itemId
      ? []
      : [{ header: scope.kind === 'product' ? 'Product' : 'Catalogue', cell: (l: OwnerLead) => l.productName ?? l.catalogueName }]),
    ...(scope.kind === 'catalogue'
      ? [
          {
            header: 'Products',
            cell: (l: OwnerLead) =>
              l.fkCatalogueId && l.products.length ? (
                <Link
                  to={`/userAdmin/catalogues/leads/${encodeId(l.fkCatalogueId)}/leadsProducts/${encodeIds(l.products)}`}
                  className="underline"
                >
                  {l.productNames.join(', ') || `${l.products.length} products`}
                </Link>
              ) : (
                '—'
              ),
          },
        ]
      : []),
    { header: 'Query', cell: (l) => <span className="whitespace-pre-wrap break-words">{l.query || '—'}</span> },
    { header: 'Date', cell: (l) => formatDate(l.createdAt, 'dateTime') },
  ];

  return (
    <ListShell<OwnerLead, LeadsKind>
      title={title}
      subtitle={data?.itemName ? <span>{data.itemName}</span> : null}
      actions={
        <button type="button" className="rounded bg-primary px-4 py-2 text-on-primary" onClick={() => downloadLeads(scope)}>
          Download Leads
        </button>
      }
      tabs={tabs}
      search={{ label: 'Search leads', placeholder: 'Search by name, email, phone…', value: searchText, onChange: setSearchText }}
      items={data?.leads}
      itemKey={(l) => l._id}
      isPending={isPending}
      error={error}
      isFetching={isFetching}
      loadingLabel="Loading leads"
      empty={<p>{search ? 'No leads match your search.' : 'No leads yet. Enquiries from your storefront will appear here.'}</p>}
      columns={columns}
      rowActions={(l) => (
        <div className="flex flex-wrap gap-2">
          <a
            href={whatsAppReplyUrl(l, displayName)}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded bg-green-700 px-3 py-1.5 text-sm text-white"
          >
            {leadTexts.replyOnWhatsApp}
          </a>
          <a href={mailReplyUrl(l)} className="rounded border border-primary px-3 py-1.5 text-sm">
            {leadTexts.replyByMail}
          </a>
          <button
            type="button"
            disabled={isBusy(l._id)}
            onClick={() => remove(l)}
            className="rounded border border-red-700 px-3 py-1.5 text-red-800 text-sm disabled:opacity-50"
          >
            Delete
          </button>
        </div>
      )}
      paging={
        data ? { page, totalPages: totalPagesOf(data.count, limits.forumsLeadsPage), onChange: setPage, label: 'Leads pages' } : undefined
      }
    >
      {dialog}
    </ListShell>
  );
}

/** SPEC "All Leads": Products / Catalogues tabs; switching resets page, lists and search (a fresh list per tab). */
export function AllLeads({ displayName }: { displayName: string }) {
  const { tab, switchTab } = useListState<LeadsKind>('product');
  return (
    <LeadsList
      key={tab}
      scope={{ kind: tab }}
      displayName={displayName}
      title="Leads"
      tabs={{
        label: 'Lead type',
        options: [
          { value: 'product', label: 'Products' },
          { value: 'catalogue', label: 'Catalogues' },
        ],
        value: tab,
        onChange: switchTab,
      }}
    />
  );
}
