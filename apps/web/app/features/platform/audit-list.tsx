import { endpoints } from '@stashblog/contract/endpoints';
import type { AuditEntry } from '@stashblog/contract/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../speed/format';
import { ListShell } from '../../ui/list-shell';
import { totalPagesOf } from '../../ui/pagination';
import { FilterSelect } from './filter-select';
import { platformPayload } from './platform-api';

const perPage = 20;
const actions = [
  'user.block',
  'user.unblock',
  'user.prime',
  'user.unprime',
  'product.block',
  'product.unblock',
  'catalogue.block',
  'catalogue.unblock',
  'domain.verify',
];

/** Every platform action: who, what, to which business, why. */
export function AuditList() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const args = { action: action || undefined, pageNo: page, perPage };
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: ['platform', 'audit', args],
    queryFn: () => platformPayload(endpoints.platform.audit, args),
    placeholderData: keepPreviousData,
  });
  return (
    <ListShell<AuditEntry, never>
      title="Audit log"
      actions={
        <FilterSelect
          label="Action"
          allLabel="All actions"
          options={actions}
          value={action}
          onChange={(value) => {
            setAction(value);
            setPage(1);
          }}
        />
      }
      items={data?.entries}
      itemKey={(e) => e._id}
      isPending={isPending}
      error={error}
      isFetching={isFetching}
      loadingLabel="Loading the audit log"
      empty={<p className="font-medium">No platform actions yet.</p>}
      columns={[
        { header: 'When', cell: (e) => formatDate(e.createdAt, 'dateTime') },
        { header: 'Admin', cell: (e) => <span className="break-all">{e.adminEmail}</span> },
        { header: 'Action', cell: (e) => <code>{e.action}</code> },
        { header: 'Business', cell: (e) => e.businessName ?? '—' },
        { header: 'Reason', cell: (e) => <span className="break-words">{e.reason || '—'}</span> },
      ]}
      paging={{ page, totalPages: totalPagesOf(data?.count ?? 0, perPage), onChange: setPage, label: 'Audit pages' }}
    />
  );
}
