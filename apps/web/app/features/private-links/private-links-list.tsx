import { limits } from '@stashblog/contract/limits';
import type { PrivateLink, PrivateLinkList } from '@stashblog/contract/private-links';
import { specTexts } from '@stashblog/contract/spec-texts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, isOk, toastFailure } from '../../lib/api-client';
import { copyText } from '../../ui/copy-text';
import { type ListColumn, ListShell } from '../../ui/list-shell';
import { useConfirm } from '../../ui/modal';
import { totalPagesOf } from '../../ui/pagination';
import { toast } from '../../ui/toasts';
import { useBusy } from '../../ui/use-busy';
import { useListState } from '../../ui/use-list-state';
import { formatCountdown, isLinkExpired, useNow } from './countdown';
import type { KindInfo } from './link-kind';
import { ownerLinkUrl } from './link-url';
import { fetchPrivateLinks, privateLinksKey } from './private-links-api';

const button = 'rounded border border-primary px-3 py-1.5 text-sm disabled:opacity-50';

/** SPEC "Private Links list": one item's links with search, add, copy, edit, delete (confirmed), paging 12, Active/Expired. */
export function PrivateLinksList({ info, itemId }: { info: KindInfo; itemId: string }) {
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const { isBusy, run } = useBusy();
  const [confirm, dialog] = useConfirm();
  const queryClient = useQueryClient();
  const now = useNow();
  const key = privateLinksKey(info.kind, itemId, page, search);
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: key,
    queryFn: () => fetchPrivateLinks(info, itemId, page, search),
    placeholderData: keepPreviousData,
  });

  async function remove(link: PrivateLink) {
    if (isBusy(link._id) || !(await confirm(specTexts.confirmDeleteLink))) return;
    await run(link._id, async () => {
      const result = await api(info.api.deletePrivateLink, { id: link._id });
      if (!isOk(result)) return toastFailure(result);
      queryClient.setQueryData<PrivateLinkList>(key, (list) =>
        list ? { ...list, privateLinks: list.privateLinks.filter((l) => l._id !== link._id), count: list.count - 1 } : list,
      );
      toast.warning(result.message);
      await queryClient.invalidateQueries({ queryKey: privateLinksKey(info.kind, itemId) });
    });
  }

  async function copy(link: PrivateLink) {
    if (await copyText(ownerLinkUrl(info.kind, link.privateLink))) toast.success(specTexts.linkCopied);
  }

  const columns: ListColumn<PrivateLink>[] = [
    { header: 'Link', cell: (l) => <code className="break-all font-mono text-sm">{l.privateLink}</code> },
    {
      header: 'Status',
      cell: (l) =>
        isLinkExpired(l.linkExpiresAt, now) ? (
          <span className="rounded bg-red-100 px-2 py-0.5 text-red-800 text-xs">Expired</span>
        ) : (
          <span className="rounded bg-green-100 px-2 py-0.5 text-green-800 text-xs">Active</span>
        ),
    },
    { header: 'Expires in', cell: (l) => <span className="tabular-nums">{formatCountdown(l.linkExpiresAt, now)}</span> },
    { header: 'Visits', cell: (l) => l.visits },
    { header: 'Viewed', cell: (l) => (l.linkViewed ? 'Yes' : 'No') },
    { header: 'Users', cell: (l) => (l.allowMultipleUsers ? 'Multiple' : l.isBound ? 'Single (bound)' : 'Single') },
  ];

  return (
    <ListShell
      title="Private Links"
      subtitle={data ? <span>{data.itemName}</span> : null}
      actions={
        <>
          <Link to={info.itemsPath} className="rounded border border-primary px-4 py-2">
            {info.itemsLabel}
          </Link>
          <Link to={info.addPath(itemId)} className="rounded bg-primary px-4 py-2 text-on-primary">
            Add Private Link
          </Link>
        </>
      }
      search={{ label: 'Search private links', placeholder: 'Search by link', value: searchText, onChange: setSearchText }}
      items={data?.privateLinks}
      itemKey={(l) => l._id}
      isPending={isPending}
      error={error}
      isFetching={isFetching}
      loadingLabel="Loading private links"
      columns={columns}
      rowActions={(l) => (
        <>
          <button type="button" className={button} onClick={() => void copy(l)}>
            Copy Link
          </button>
          <Link to={info.editPath(itemId, l._id)} className={button}>
            Edit
          </Link>
          <button type="button" className={`${button} border-red-700 text-red-700`} disabled={isBusy(l._id)} onClick={() => void remove(l)}>
            Delete
          </button>
        </>
      )}
      empty={
        <>
          <p className="font-medium">{search ? 'No private links match your search.' : 'No private links yet.'}</p>
          {!search ? (
            <Link to={info.addPath(itemId)} className="mt-3 inline-block underline">
              Create the first private link
            </Link>
          ) : null}
        </>
      }
      paging={{ page, totalPages: totalPagesOf(data?.count ?? 0, limits.adminListPage), onChange: setPage, label: 'Private links pages' }}
    >
      {dialog}
    </ListShell>
  );
}
