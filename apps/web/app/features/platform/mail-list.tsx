import { endpoints } from '@stashblog/contract/endpoints';
import type { OutboxMail } from '@stashblog/contract/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDate } from '../../speed/format';
import { ListShell } from '../../ui/list-shell';
import { totalPagesOf } from '../../ui/pagination';
import { useListState } from '../../ui/use-list-state';
import { platformPayload } from './platform-api';

const perPage = 20;
const tabs = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
] as const;
type Tab = (typeof tabs)[number]['value'];

const stateStyle: Record<OutboxMail['state'], string> = {
  pending: 'bg-amber-200 text-black',
  sent: 'bg-green-700 text-white',
  failed: 'bg-red-700 text-white',
};

/** The mail outbox: every mail the platform sent or will send, with its delivery state. */
export function MailList() {
  const { tab, switchTab, searchText, setSearchText, search, page, setPage } = useListState<Tab>('all');
  const args = { searchQuery: search, state: tab === 'all' ? undefined : tab, pageNo: page, perPage };
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: ['platform', 'mail', args],
    queryFn: () => platformPayload(endpoints.platform.mail, args),
    placeholderData: keepPreviousData,
  });
  return (
    <ListShell<OutboxMail, Tab>
      title="Mail outbox"
      subtitle="Without SMTP_URL, mail stays here and in the log (outbox only). With SMTP, each mail is a job retried with back-off (below); it is failed once its attempts are used up."
      tabs={{ label: 'Delivery state', options: tabs, value: tab, onChange: switchTab }}
      search={{ label: 'Search mail', placeholder: 'Search by recipient or subject', value: searchText, onChange: setSearchText }}
      items={data?.mails}
      itemKey={(m) => m._id}
      isPending={isPending}
      error={error}
      isFetching={isFetching}
      loadingLabel="Loading mail"
      empty={<p className="font-medium">No mail here.</p>}
      columns={[
        {
          header: 'Mail',
          cell: (m) => (
            <details className="min-w-0 max-w-xl">
              <summary className="cursor-pointer">
                <span className="font-semibold">{m.subject}</span>
                <span className="block break-all text-text/70 text-xs">to {m.to}</span>
              </summary>
              <pre className="mt-2 whitespace-pre-wrap break-words rounded bg-surface p-3 font-sans text-sm">{m.body}</pre>
            </details>
          ),
        },
        { header: 'Business', cell: (m) => m.businessName ?? '—' },
        {
          header: 'State',
          cell: (m) => (
            <div className="flex flex-col items-start gap-1">
              <span className={`rounded px-2 py-0.5 text-xs ${stateStyle[m.state]}`}>{m.state}</span>
              <span className="text-text/70 text-xs">
                {m.transport === 'outbox' ? 'outbox only' : `SMTP, ${m.attempts} ${m.attempts === 1 ? 'attempt' : 'attempts'}`}
              </span>
              {m.error ? <span className="break-all text-red-700 text-xs">{m.error}</span> : null}
            </div>
          ),
        },
        { header: 'Queued', cell: (m) => formatDate(m.createdAt, 'dateTime') },
        { header: 'Sent', cell: (m) => (m.sentAt ? formatDate(m.sentAt, 'dateTime') : '—') },
      ]}
      paging={{ page, totalPages: totalPagesOf(data?.count ?? 0, perPage), onChange: setPage, label: 'Mail pages' }}
    />
  );
}
