import { endpoints } from '@stashblog/contract/endpoints';
import { encodeId } from '@stashblog/contract/ids';
import type { PlatformItem } from '@stashblog/contract/platform';
import { specTexts } from '@stashblog/contract/spec-texts';
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
import { isPlatformOk, platformApi, platformPayload } from './platform-api';

const perPage = 20;

/** Products or catalogues across businesses (or of one), with block/unblock. */
export function ItemsList({
  kind,
  businessId,
  businessName,
}: {
  kind: 'products' | 'catalogues';
  businessId: string;
  businessName: string;
}) {
  const { searchText, setSearchText, search, page, setPage } = useListState<'all'>('all');
  const [blocking, setBlocking] = useState<PlatformItem | null>(null);
  const { isBusy, run } = useBusy();
  const queryClient = useQueryClient();
  const label = kind === 'products' ? 'Product' : 'Catalogue';
  const args = { businessId: businessId || undefined, searchQuery: search, pageNo: page, perPage };
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: ['platform', kind, args],
    queryFn: () => platformPayload(endpoints.platform[kind], args),
    placeholderData: keepPreviousData,
  });

  async function block(item: PlatformItem, reason: string) {
    await run(item._id, async () => {
      const result = await platformApi(kind === 'products' ? endpoints.platformProducts.block : endpoints.platformCatalogues.block, {
        businessId: item.businessId,
        id: item._id,
        isBlocked: !item.isBlocked,
        reason,
      });
      if (!isPlatformOk(result)) return void toast.error(result.error || 'Could not change the block');
      toast.success(result.message);
      setBlocking(null);
      await queryClient.invalidateQueries({ queryKey: ['platform'] });
    });
  }

  const storeLink = (item: PlatformItem) => `/${item.businessName}/${kind}/${encodeId(item._id)}`;

  return (
    <ListShell<PlatformItem, never>
      title={kind === 'products' ? 'Products' : 'Catalogues'}
      subtitle={
        businessName ? (
          <>
            of <strong>{businessName}</strong> ·{' '}
            <Link to={`/platform/${kind}`} className="underline">
              all businesses
            </Link>
          </>
        ) : (
          'All businesses'
        )
      }
      search={{ label: `Search ${kind}`, placeholder: `Search by ${label.toLowerCase()} name`, value: searchText, onChange: setSearchText }}
      items={data?.items}
      itemKey={(i) => i._id}
      isPending={isPending}
      error={error}
      isFetching={isFetching}
      loadingLabel={`Loading ${kind}`}
      empty={<p className="font-medium">{search ? `No ${kind} match your search.` : `No ${kind} yet.`}</p>}
      columns={[
        {
          header: label,
          cell: (i) => (
            <div className="min-w-0">
              {i.isPublic && !i.isBlocked ? (
                <a href={storeLink(i)} target="_blank" rel="noreferrer" className="font-semibold underline">
                  {i.name}
                </a>
              ) : (
                <span className="font-semibold">{i.name}</span>
              )}
              <div className="mt-1 flex flex-wrap gap-1">
                {i.isBlocked ? <span className="rounded bg-red-700 px-2 py-0.5 text-white text-xs">{specTexts.blockedByAdmin}</span> : null}
                <span className="rounded bg-surface px-2 py-0.5 text-xs">{i.isPublic ? 'Public' : 'Private'}</span>
              </div>
            </div>
          ),
        },
        { header: 'Business', cell: (i) => i.businessName },
        { header: 'Created', cell: (i) => formatDate(i.createdAt, 'dateTime') },
      ]}
      rowActions={(i) => (
        <button
          type="button"
          disabled={isBusy(i._id)}
          onClick={() => setBlocking(i)}
          aria-label={`${i.isBlocked ? 'Unblock' : 'Block'} ${i.name}`}
          className="rounded border border-red-700 px-3 py-1 text-red-700 text-sm disabled:opacity-60"
        >
          {i.isBlocked ? 'Unblock' : 'Block'}
        </button>
      )}
      paging={{ page, totalPages: totalPagesOf(data?.count ?? 0, perPage), onChange: setPage, label: `${label} pages` }}
    >
      {blocking ? (
        <BlockDialog
          target={{ kind: label, name: blocking.name, isBlocked: blocking.isBlocked }}
          onCancel={() => setBlocking(null)}
          onConfirm={(reason) => block(blocking, reason)}
        />
      ) : null}
    </ListShell>
  );
}
