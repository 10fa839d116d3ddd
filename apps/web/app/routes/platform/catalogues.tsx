import { useSearchParams } from 'react-router';
import { ItemsList } from '../../features/platform/items-list';

export const meta = () => [{ title: 'Catalogues | Platform Admin' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function PlatformCatalogues() {
  const [params] = useSearchParams();
  const businessId = params.get('businessId') ?? '';
  return <ItemsList key={businessId} kind="catalogues" businessId={businessId} businessName={params.get('businessName') ?? ''} />;
}
