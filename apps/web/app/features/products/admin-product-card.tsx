import { productPath } from '@stashblog/contract/paths';
import type { Product } from '@stashblog/contract/products';
import { MediaImage } from '../../ui/media-image';
import { AdminItemCard, type CardAction } from '../admin/admin-item-card';
import type { ListTab } from '../admin/admin-item-paths';

type Props = { product: Product; tab: ListTab; busy: boolean; onAction: (action: CardAction, product: Product) => void };

/** SPEC §2 admin product card: image, name, description (4 lines), Status, Promote, Delete, Edit, 'Promoted', 'View Product'. */
export function AdminProductCard({ product, ...props }: Props) {
  const image = product.images[0];
  return (
    <AdminItemCard
      kind="product"
      item={product}
      name={product.productName}
      media={
        <div className="aspect-square bg-surface">
          {image ? (
            <MediaImage
              src={image}
              alt={product.productName}
              width={640}
              height={640}
              sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
              className="h-full w-full object-cover"
            />
          ) : (
            <div className="flex h-full items-center justify-center text-muted text-sm">No image</div>
          )}
        </div>
      }
      view={{ label: 'View Product', to: productPath(product.businessName, product._id) }}
      {...props}
    >
      <p className="line-clamp-4 whitespace-pre-line break-words text-muted text-sm">{product.description}</p>
    </AdminItemCard>
  );
}
