import { endpoints } from '@stashblog/contract/endpoints';
import type { Forum } from '@stashblog/contract/forum';
import { forumTexts } from '@stashblog/contract/forum-texts';
import { limits } from '@stashblog/contract/limits';
import { specTexts } from '@stashblog/contract/spec-texts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiPayload, isOk, toastFailure } from '../../lib/api-client';
import { formatDate } from '../../speed/format';
import { type ListColumn, ListShell } from '../../ui/list-shell';
import { useConfirm } from '../../ui/modal';
import { totalPagesOf } from '../../ui/pagination';
import { toast } from '../../ui/toasts';
import { useBusy } from '../../ui/use-busy';
import { useListState } from '../../ui/use-list-state';

/** SPEC "Forums": the Contact Us messages, with search, paging 12 and delete (confirmed); subject N/A when empty. */
export function ForumList() {
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const { isBusy, run } = useBusy();
  const [confirm, dialog] = useConfirm();
  const queryClient = useQueryClient();
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: ['forums', page, search],
    queryFn: () => apiPayload(endpoints.userAdminUser.fetchForums, { pageNo: page, perPage: limits.forumsLeadsPage, search }),
    placeholderData: keepPreviousData,
  });

  async function remove(f: Forum) {
    if (isBusy(f._id) || !(await confirm(specTexts.confirmDeleteForum))) return;
    await run(f._id, async () => {
      const result = await api(endpoints.userAdminUser.deleteForum, { id: f._id });
      if (!isOk(result)) return toastFailure(result);
      toast.warning(result.message);
      await queryClient.invalidateQueries({ queryKey: ['forums'] });
    });
  }

  const columns: ListColumn<Forum>[] = [
    { header: 'Name', cell: (f) => <span className="font-medium">{f.name}</span> },
    {
      header: 'Email',
      cell: (f) => (
        <a
          className="break-all underline"
          href={`mailto:${f.email}?subject=${encodeURIComponent(`Re: ${f.subject || forumTexts.noSubject}`)}`}
        >
          {f.email}
        </a>
      ),
    },
    { header: 'Subject', cell: (f) => f.subject || forumTexts.noSubject },
    { header: 'Message', cell: (f) => <span className="whitespace-pre-wrap break-words">{f.message}</span> },
    { header: 'Date', cell: (f) => formatDate(f.createdAt, 'dateTime') },
  ];

  return (
    <ListShell<Forum>
      title="Forum"
      search={{ label: 'Search messages', placeholder: 'Search messages…', value: searchText, onChange: setSearchText }}
      items={data?.forums}
      itemKey={(f) => f._id}
      isPending={isPending}
      error={error}
      isFetching={isFetching}
      loadingLabel="Loading messages"
      empty={<p>{search ? 'No messages match your search.' : 'No messages yet. Messages from your Contact Us page appear here.'}</p>}
      columns={columns}
      rowActions={(f) => (
        <button
          type="button"
          disabled={isBusy(f._id)}
          onClick={() => remove(f)}
          className="rounded border border-red-700 px-3 py-1.5 text-red-800 text-sm disabled:opacity-50"
        >
          Delete
        </button>
      )}
      paging={
        data ? { page, totalPages: totalPagesOf(data.count, limits.forumsLeadsPage), onChange: setPage, label: 'Forum pages' } : undefined
      }
    >
      {dialog}
    </ListShell>
  );
}
