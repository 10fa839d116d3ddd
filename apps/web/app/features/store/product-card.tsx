import { productPath } from '@stashblog/contract/paths';
import type { Product } from '@stashblog/contract/products';
import { Link } from 'react-router';
import { formatRupees } from '../../speed/format';
import { MediaImage } from '../../ui/media-image';

type Props = {
  product: Product;
  onOwnDomain: boolean;
  template1: boolean;
  sizes?: string;
  eager?: boolean;
  wide?: boolean;
  /** h2 where the cards sit right under the page's h1 (listings), h3 under a section's h2. */
  heading?: 'h2' | 'h3';
};

/** SPEC cards: image, name, description clamped to 4 lines; template1 is a simple image-and-name card with an overlay link. */
export function ProductCard({
  product,
  onOwnDomain,
  template1,
  sizes = '(min-width: 1280px) 25vw, (min-width: 640px) 33vw, 50vw',
  eager,
  wide,
  heading: Heading = 'h3',
}: Props) {
  const to = productPath(product.businessName, product._id, onOwnDomain);
  const image = product.images[0] ? (
    <MediaImage
      src={product.images[0]}
      alt=""
      width={640}
      height={640}
      sizes={sizes}
      loading={eager ? 'eager' : 'lazy'}
      className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
    />
  ) : null;

  if (template1) {
    return (
      <article data-card="simple" className="group relative aspect-square overflow-hidden rounded-lg bg-surface">
        {image}
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-3 pt-10">
          <Heading className="line-clamp-2 font-semibold text-white">
            <Link to={to} className="after:absolute after:inset-0 focus-visible:outline-none">
              {product.productName}
            </Link>
          </Heading>
        </div>
      </article>
    );
  }
  return (
    <article
      data-card="detailed"
      className={`group relative flex h-full overflow-hidden rounded-lg border border-text/10 bg-background ${wide ? 'flex-row' : 'flex-col'}`}
    >
      <div className={`aspect-square shrink-0 overflow-hidden bg-surface ${wide ? 'w-2/5' : ''}`}>{image}</div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="line-clamp-2 font-semibold">
          <Link to={to} className="after:absolute after:inset-0">
            {product.productName}
          </Link>
        </Heading>
        {product.pricePerUnit !== null ? <p className="font-semibold text-primary">{formatRupees(product.pricePerUnit)}</p> : null}
        <p className="line-clamp-4 text-muted text-sm">{product.description}</p>
      </div>
    </article>
  );
}
