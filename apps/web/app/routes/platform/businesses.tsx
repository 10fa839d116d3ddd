import { BusinessesList } from '../../features/platform/businesses-list';

export const meta = () => [{ title: 'Businesses | Platform Admin' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function PlatformBusinesses() {
  return <BusinessesList />;
}
