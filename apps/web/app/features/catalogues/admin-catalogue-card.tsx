import type { Catalogue } from '@stashblog/contract/catalogues';
import { encodeId } from '@stashblog/contract/ids';
import { AdminItemCard, type CardAction } from '../admin/admin-item-card';
import type { ListTab } from '../admin/admin-item-paths';
import { adminProductCountText } from './catalogue-card';
import { CatalogueCollage } from './catalogue-collage';
import { CategoryHashtags } from './category-hashtags';

type Props = { catalogue: Catalogue; tab: ListTab; busy: boolean; onAction: (action: CardAction, catalogue: Catalogue) => void };

/** SPEC admin catalogue card: the collage card plus Status, Promote, Edit, Delete and the 'Promoted' badge. */
export function AdminCatalogueCard({ catalogue, ...props }: Props) {
  return (
    <AdminItemCard
      kind="catalogue"
      item={catalogue}
      name={catalogue.catalogueName}
      media={<CatalogueCollage images={catalogue.images} name={catalogue.catalogueName} />}
      view={{ label: 'View Catalogue', to: `/userAdmin/catalogues/${encodeId(catalogue._id)}` }}
      {...props}
    >
      <CategoryHashtags categories={catalogue.categories} />
      <p className="text-sm">{adminProductCountText(catalogue)}</p>
    </AdminItemCard>
  );
}
