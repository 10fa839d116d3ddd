import type { Catalogue } from '@stashblog/contract/catalogues';
import { Link } from 'react-router';
import { MediaImage } from '../../ui/media-image';
import { CatalogueCollage } from './catalogue-collage';
import { CategoryHashtags } from './category-hashtags';

type Props = {
  catalogue: Catalogue;
  href: string;
  /** h2 where the cards sit right under the page's h1 (listings), h3 under a section's h2. */
  heading?: 'h2' | 'h3';
};

export const productCountText = (n: number) => `${n} ${n === 1 ? 'Product' : 'Products'}`;

/**
 * The owner's count: all members, and how many of them visitors see when that differs (private or
 * blocked products are left out of the storefront's count, which would otherwise look wrong).
 */
export const adminProductCountText = (c: Pick<Catalogue, 'totalProducts' | 'publicProducts'>) =>
  c.publicProducts === c.totalProducts
    ? productCountText(c.totalProducts)
    : `${productCountText(c.totalProducts)} (${c.publicProducts} public)`;

/** SPEC card template: template1 gives the simple card, anything else the collage card. */
export function CatalogueCard({ template, ...props }: Props & { template?: string }) {
  return template === 'template1' ? <SimpleCatalogueCard {...props} /> : <CollageCatalogueCard {...props} />;
}

/** The collage card: rotating three-image collage, name, category hashtags, product count, 'View Catalogue'. */
export function CollageCatalogueCard({ catalogue, href, heading: Heading = 'h3' }: Props) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-black/10 bg-background shadow-sm">
      <CatalogueCollage images={catalogue.images} name={catalogue.catalogueName} />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <Heading className="break-words font-semibold">{catalogue.catalogueName}</Heading>
        <CategoryHashtags categories={catalogue.categories} />
        <p className="text-sm">{productCountText(catalogue.totalProducts)}</p>
        <Link to={href} className="mt-auto self-start rounded bg-primary px-3 py-1.5 text-on-primary text-sm">
          View Catalogue
        </Link>
      </div>
    </article>
  );
}

/** template1: one image with the name over it; the whole card is the link. */
export function SimpleCatalogueCard({ catalogue, href, heading: Heading = 'h3' }: Props) {
  const image = catalogue.images[0];
  return (
    <article className="group relative aspect-square overflow-hidden rounded-lg bg-surface">
      {image ? (
        <MediaImage
          src={image}
          alt=""
          width={640}
          height={640}
          sizes="(min-width: 1024px) 25vw, 50vw"
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
      ) : null}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent p-3 pt-10">
        <Heading className="break-words font-semibold text-white">{catalogue.catalogueName}</Heading>
      </div>
      <Link to={href} className="absolute inset-0" aria-label={`View Catalogue ${catalogue.catalogueName}`} />
    </article>
  );
}
