import { productPath } from '@stashblog/contract/paths';
import type { Product } from '@stashblog/contract/products';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '../../speed/format';
import { MediaImage } from '../../ui/media-image';
import { Modal } from '../../ui/modal';
import { modalTags } from './overflow';

type Props = { product: Product; onOwnDomain: boolean; onClose: () => void };

/** SPEC "Modals: product quick view": images, name, tags (7, then '+N more'), category, price, description. */
export function ProductQuickView({ product, onOwnDomain, onClose }: Props) {
  const [active, setActive] = useState(0);
  const { shown, more } = modalTags(product.tags);
  const image = product.images[active];
  return (
    <Modal title={product.productName} onClose={onClose} wide>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <div className="aspect-square overflow-hidden rounded bg-surface">
            {image ? (
              <MediaImage
                src={image}
                alt={product.productName}
                width={640}
                height={640}
                sizes="(min-width: 768px) 28rem, 90vw"
                className="h-full w-full object-contain"
              />
            ) : null}
          </div>
          {product.images.length > 1 ? (
            <div className="flex gap-2">
              {product.images.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  onClick={() => setActive(i)}
                  aria-label={`Show image ${i + 1} of ${product.images.length}`}
                  aria-pressed={i === active}
                  className={`h-14 w-14 overflow-hidden rounded border-2 ${i === active ? 'border-primary' : 'border-transparent'}`}
                >
                  <MediaImage src={src} alt="" width={112} height={112} sizes="56px" className="h-full w-full object-cover" />
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          {shown.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {shown.map((t) => (
                <li key={t} className="rounded-full bg-surface px-3 py-1 text-sm">
                  #{t}
                </li>
              ))}
              {more ? <li className="px-1 py-1 font-medium text-sm">+{more} more</li> : null}
            </ul>
          ) : null}
          {product.category ? (
            <p className="text-sm">
              <span className="text-muted">Category: </span>
              <span className="capitalize">{product.category}</span>
            </p>
          ) : null}
          {product.pricePerUnit !== null ? <p className="font-semibold text-lg">{formatRupees(product.pricePerUnit)}</p> : null}
          <p className="line-clamp-6 whitespace-pre-line break-words text-muted">{product.description}</p>
          <Link
            to={productPath(product.businessName, product._id, onOwnDomain)}
            className="mt-auto self-start rounded bg-primary px-4 py-2 text-on-primary"
          >
            View Product
          </Link>
        </div>
      </div>
    </Modal>
  );
}
