import type { SessionUser } from '@stashblog/contract/auth';
import { decodeId } from '@stashblog/contract/ids';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useOutletContext, useParams } from 'react-router';
import { LeadsList } from '../../features/leads/leads-list';

export const meta = () => [{ title: 'Leads | Admin' }];

/** /userAdmin/products/leads/{productId} and /userAdmin/catalogues/leads/{catalogueId} (ids base64 of the JSON id). */
export default function AdminItemLeads() {
  const user = useOutletContext<SessionUser>();
  const params = useParams();
  const kind = params.productId ? 'product' : 'catalogue';
  const itemId = decodeId(params.productId ?? params.catalogueId ?? '');
  if (!itemId) return <p role="alert">{specTexts.notFoundTitle}</p>;
  return (
    <LeadsList
      key={`${kind}-${itemId}`}
      scope={{ kind, itemId }}
      displayName={user.displayName}
      title={kind === 'product' ? 'Product Leads' : 'Catalogue Leads'}
    />
  );
}
