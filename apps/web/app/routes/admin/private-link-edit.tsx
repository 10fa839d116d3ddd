import type { PrivateLinkList } from '@stashblog/contract/private-links';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { fromParams } from '../../features/private-links/link-kind';
import { PrivateLinkForm } from '../../features/private-links/private-link-form';
import { fetchOnePrivateLink, privateLinkKey } from '../../features/private-links/private-links-api';
import { apiPayload } from '../../lib/api-client';

export const meta = () => [{ title: 'Private Link | Admin' }];

/** …/privateLinks/{itemId}/addPrivateLink and …/privateLinks/{itemId}/editPrivateLink/{privateLinkId}. */
export default function AdminPrivateLinkEdit() {
  const { info, itemId, linkId } = fromParams(useParams());
  const editing = linkId !== undefined;
  const link = useQuery({
    queryKey: privateLinkKey(info.kind, linkId),
    queryFn: () => fetchOnePrivateLink(info, linkId as string),
    enabled: editing && linkId !== null,
    // statistics: visits and first view change while the owner looks
    refetchInterval: 15_000,
  });
  // The item's name for a new link (the list call names it).
  const item = useQuery({
    queryKey: ['admin-private-links-item', info.kind, itemId],
    queryFn: () => apiPayload<PrivateLinkList>('GET', `${info.api}/fetchAllPrivateLinks`, { [info.fk]: itemId, perPage: 1 }),
    enabled: !editing && itemId !== null,
  });

  let body: React.ReactNode;
  const current = editing ? link : item;
  if (!itemId || linkId === null) body = <p role="alert">{specTexts.notFoundTitle}</p>;
  else if (current.isPending) body = <p className="text-muted">Loading…</p>;
  else if (current.isError) body = <p role="alert">{current.error.message}</p>;
  else if (editing && link.data)
    body = (
      <PrivateLinkForm
        key={link.data.privateLink._id}
        info={info}
        itemId={itemId}
        itemName={link.data.itemName}
        existing={link.data.privateLink}
      />
    );
  else body = <PrivateLinkForm info={info} itemId={itemId} itemName={item.data?.itemName ?? ''} />;

  return (
    <section className="space-y-6">
      <nav className="flex flex-wrap items-center gap-2 text-sm" aria-label="Breadcrumb">
        <Link to={info.itemsPath} className="underline">
          {info.itemsLabel}
        </Link>
        <span aria-hidden>›</span>
        {itemId ? (
          <Link to={info.listPath(itemId)} className="underline">
            Private Links
          </Link>
        ) : null}
      </nav>
      <h1 className="font-bold text-2xl">{editing ? 'Edit Private Link' : 'Add Private Link'}</h1>
      {body}
    </section>
  );
}
