import { useSearchParams } from 'react-router';
import { ItemsList } from '../../features/platform/items-list';

export const meta = () => [{ title: 'Products | Platform Admin' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function PlatformProducts() {
  const [params] = useSearchParams();
  const businessId = params.get('businessId') ?? '';
  return <ItemsList key={businessId} kind="products" businessId={businessId} businessName={params.get('businessName') ?? ''} />;
}
