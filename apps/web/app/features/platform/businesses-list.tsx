import { endpoints, type InputOf } from '@stashblog/contract/endpoints';
import { type PlatformBusiness, plans } from '@stashblog/contract/platform';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../speed/format';
import { ListShell } from '../../ui/list-shell';
import { totalPagesOf } from '../../ui/pagination';
import { toast } from '../../ui/toasts';
import { useBusy } from '../../ui/use-busy';
import { useListState } from '../../ui/use-list-state';
import { BlockDialog } from './block-dialog';
import { FilterSelect } from './filter-select';
import { isPlatformOk, platformApi, platformPayload } from './platform-api';

const perPage = 20;
const tabs = [
  { value: 'all', label: 'All' },
  { value: 'prime', label: 'Prime' },
  { value: 'blocked', label: 'Blocked' },
] as const;
type Tab = (typeof tabs)[number]['value'];

export function BusinessesList() {
  const { tab, switchTab, searchText, setSearchText, search, page, setPage } = useListState<Tab>('all');
  const [plan, setPlan] = useState('');
  const [blocking, setBlocking] = useState<PlatformBusiness | null>(null);
  const { isBusy, run } = useBusy();
  const queryClient = useQueryClient();
  const args = {
    searchQuery: search,
    pageNo: page,
    perPage,
    plan: (plan || undefined) as InputOf<typeof endpoints.platform.businesses>['plan'],
    isPrimeUser: tab === 'prime' ? true : undefined,
    isBlocked: tab === 'blocked' ? true : undefined,
  };
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: ['platform', 'businesses', args],
    queryFn: () => platformPayload(endpoints.platform.businesses, args),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['platform'] });

  async function togglePrime(b: PlatformBusiness) {
    await run(b._id, async () => {
      const result = await platformApi(endpoints.platformUsers.prime, { id: b._id, isPrimeUser: !b.isPrimeUser });
      if (!isPlatformOk(result)) return void toast.error(result.error || 'Could not change prime status');
      toast.success(result.message);
      await refresh();
    });
  }

  async function block(b: PlatformBusiness, reason: string) {
    await run(b._id, async () => {
      const result = await platformApi(endpoints.platformUsers.block, { id: b._id, isBlocked: !b.isBlocked, reason });
      if (!isPlatformOk(result)) return void toast.error(result.error || 'Could not change the block');
      toast.success(result.message);
      setBlocking(null);
      await refresh();
    });
  }

  return (
    <ListShell<PlatformBusiness, Tab>
      title="Businesses"
      subtitle={data ? `${data.count} ${data.count === 1 ? 'business' : 'businesses'}` : undefined}
      actions={
        <FilterSelect
          label="Plan"
          allLabel="All plans"
          options={plans}
          value={plan}
          onChange={(value) => {
            setPlan(value);
            setPage(1);
          }}
        />
      }
      tabs={{ label: 'Business filters', options: tabs, value: tab, onChange: switchTab }}
      search={{ label: 'Search businesses', placeholder: 'Search by name or email', value: searchText, onChange: setSearchText }}
      items={data?.businesses}
      itemKey={(b) => b._id}
      isPending={isPending}
      error={error}
      isFetching={isFetching}
      loadingLabel="Loading businesses"
      empty={<p className="font-medium">{search ? 'No business matches your search.' : 'No businesses yet.'}</p>}
      columns={[
        {
          header: 'Business',
          cell: (b) => (
            <div className="min-w-0">
              <a href={`/${b.businessName}/home`} target="_blank" rel="noreferrer" className="font-semibold underline">
                {b.displayName}
              </a>
              <div className="break-all text-text/70 text-xs">/{b.businessName}</div>
              <div className="break-all text-text/70 text-xs">
                {b.name} · {b.email}
              </div>
              {b.domain ? <div className="text-text/70 text-xs">{b.domain}</div> : null}
              <div className="mt-1 flex flex-wrap gap-1">
                {b.isBlocked ? <span className="rounded bg-red-700 px-2 py-0.5 text-white text-xs">Blocked</span> : null}
                {b.isPrimeUser ? <span className="rounded bg-amber-500 px-2 py-0.5 text-black text-xs">Prime</span> : null}
                {!b.emailVerified ? <span className="rounded bg-surface px-2 py-0.5 text-xs">Email not verified</span> : null}
              </div>
            </div>
          ),
        },
        { header: 'Plan', cell: (b) => b.plan },
        {
          header: 'Products',
          cell: (b) => (
            <Link to={`/platform/products?businessId=${b._id}&businessName=${encodeURIComponent(b.displayName)}`} className="underline">
              {b.productCount}
            </Link>
          ),
        },
        {
          header: 'Catalogues',
          cell: (b) => (
            <Link to={`/platform/catalogues?businessId=${b._id}&businessName=${encodeURIComponent(b.displayName)}`} className="underline">
              {b.catalogueCount}
            </Link>
          ),
        },
        { header: 'Leads', cell: (b) => b.leadCount },
        { header: 'Last activity', cell: (b) => formatDate(b.lastActivityAt, 'dateTime') },
      ]}
      rowActions={(b) => (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={isBusy(b._id)}
            onClick={() => togglePrime(b)}
            className="rounded border border-black/20 px-3 py-1 text-sm disabled:opacity-60"
          >
            {b.isPrimeUser ? 'Remove prime' : 'Mark prime'}
          </button>
          <button
            type="button"
            disabled={isBusy(b._id)}
            onClick={() => setBlocking(b)}
            aria-label={`${b.isBlocked ? 'Unblock' : 'Block'} ${b.displayName}`}
            className="rounded border border-red-700 px-3 py-1 text-red-700 text-sm disabled:opacity-60"
          >
            {b.isBlocked ? 'Unblock' : 'Block'}
          </button>
        </div>
      )}
      paging={{ page, totalPages: totalPagesOf(data?.count ?? 0, perPage), onChange: setPage, label: 'Business pages' }}
    >
      {blocking ? (
        <BlockDialog
          target={{ kind: 'User', name: blocking.displayName, isBlocked: blocking.isBlocked }}
          onCancel={() => setBlocking(null)}
          onConfirm={(reason) => block(blocking, reason)}
        />
      ) : null}
    </ListShell>
  );
}
