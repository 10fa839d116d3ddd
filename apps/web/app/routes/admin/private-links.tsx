import { specTexts } from '@stashblog/contract/spec-texts';
import { useParams } from 'react-router';
import { fromParams } from '../../features/private-links/link-kind';
import { PrivateLinksList } from '../../features/private-links/private-links-list';

export const meta = () => [{ title: 'Private Links | Admin' }];

/** /userAdmin/products/privateLinks/{productId} and /userAdmin/catalogues/privateLinks/{catalogueId}. */
export default function AdminPrivateLinks() {
  const { info, itemId } = fromParams(useParams());
  if (!itemId) return <p role="alert">{specTexts.notFoundTitle}</p>;
  return <PrivateLinksList key={`${info.kind}-${itemId}`} info={info} itemId={itemId} />;
}
