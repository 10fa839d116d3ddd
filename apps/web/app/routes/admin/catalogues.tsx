import type { Catalogue } from '@stashblog/contract/catalogues';
import { AdminItemList } from '../../features/admin/admin-item-list';
import { AdminCatalogueCard } from '../../features/catalogues/admin-catalogue-card';

export const meta = () => [{ title: 'Catalogues | Admin' }];

export default function AdminCatalogues() {
  return <AdminItemList kind="catalogue" renderCard={(c: Catalogue, state) => <AdminCatalogueCard catalogue={c} {...state} />} />;
}
