import { encodeId } from '@stashblog/contract/ids';
import { productPath } from '@stashblog/contract/paths';
import type { Product } from '@stashblog/contract/products';
import { specTexts } from '@stashblog/contract/spec-texts';
import { Link } from 'react-router';
import { MediaImage } from '../../ui/media-image';

export type CardAction = 'status' | 'promote' | 'delete';

type Props = { product: Product; busy: boolean; onAction: (action: CardAction, product: Product) => void };

/** SPEC §2 admin product card: image, name, description (4 lines), Status, Promote, Delete, Edit, 'Promoted', 'View Product'. */
export function AdminProductCard({ product, busy, onAction }: Props) {
  const image = product.images[0];
  const action = 'rounded border border-primary px-3 py-1.5 text-sm disabled:opacity-50';
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-black/10 bg-background shadow-sm" aria-busy={busy}>
      <div className="relative aspect-square bg-surface">
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
        <div className="absolute top-2 left-2 flex flex-wrap gap-1">
          {product.isPromoted ? <span className="rounded bg-primary px-2 py-0.5 text-on-primary text-xs">Promoted</span> : null}
          {product.isBlocked ? <span className="rounded bg-red-700 px-2 py-0.5 text-white text-xs">{specTexts.blockedByAdmin}</span> : null}
          {!product.isPublic ? <span className="rounded bg-black/70 px-2 py-0.5 text-white text-xs">Private</span> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h2 className="break-words font-semibold">{product.productName}</h2>
        <p className="line-clamp-4 whitespace-pre-line break-words text-muted text-sm">{product.description}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <button type="button" className={action} disabled={busy} onClick={() => onAction('status', product)}>
            {product.isPublic ? 'Mark Private' : 'Mark Public'}
          </button>
          <button type="button" className={action} disabled={busy} onClick={() => onAction('promote', product)}>
            {product.isPromoted ? 'Demote' : 'Promote'}
          </button>
          <Link to={`/userAdmin/editProduct/${encodeId(product._id)}`} className={action} aria-disabled={busy}>
            Edit
          </Link>
          <button
            type="button"
            className={`${action} border-red-700 text-red-700`}
            disabled={busy}
            onClick={() => onAction('delete', product)}
          >
            Delete
          </button>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to={productPath(product.businessName, product._id)} className="text-sm underline">
            View Product
          </Link>
          {/* SPEC §4: private-link features are shown only for private items. */}
          {!product.isPublic ? (
            <Link to={`/userAdmin/products/privateLinks/${encodeId(product._id)}`} className="text-sm underline">
              Private Links
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}
