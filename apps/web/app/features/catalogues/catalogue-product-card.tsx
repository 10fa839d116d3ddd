import type { Product } from '@stashblog/contract/products';
import { MediaImage } from '../../ui/media-image';

type Props = {
  product: Product;
  selecting: boolean;
  selected: boolean;
  onToggle: (id: string) => void;
  onView: (product: Product) => void;
  /** The View button is pointed at or focused: its quick view can start loading. */
  onPointView?: () => void;
  eager?: boolean;
};

/** SPEC product card (image, name, description in 4 lines) with the catalogue page's view button and checkbox. */
export function CatalogueProductCard({ product, selecting, selected, onToggle, onView, onPointView, eager = false }: Props) {
  const image = product.images[0];
  return (
    <article
      className={`relative flex h-full flex-col overflow-hidden rounded-lg border bg-background shadow-sm ${
        selected ? 'border-primary ring-2 ring-primary' : 'border-black/10'
      }`}
    >
      <div className="aspect-square bg-surface">
        {image ? (
          <MediaImage
            src={image}
            alt={product.productName}
            width={640}
            height={640}
            loading={eager ? 'eager' : 'lazy'}
            sizes="(min-width: 1280px) 20vw, (min-width: 640px) 33vw, 50vw"
            className="h-full w-full object-cover"
          />
        ) : null}
      </div>
      {selecting ? (
        <label className="absolute top-2 left-2 flex items-center gap-2 rounded bg-background/90 px-2 py-1 text-sm shadow">
          <input type="checkbox" checked={selected} onChange={() => onToggle(product._id)} className="h-4 w-4" />
          <span className="sr-only">Select {product.productName}</span>
        </label>
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h2 className="break-words font-semibold">{product.productName}</h2>
        <p className="line-clamp-4 whitespace-pre-line break-words text-muted text-sm">{product.description}</p>
        <button
          type="button"
          onClick={() => onView(product)}
          onPointerEnter={onPointView}
          onFocus={onPointView}
          className="mt-auto self-start rounded border border-primary px-3 py-1.5 text-sm"
          aria-label={`View ${product.productName}`}
        >
          View
        </button>
      </div>
    </article>
  );
}
