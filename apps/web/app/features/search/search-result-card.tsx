import { cataloguePath, productPath } from '@stashblog/contract/paths';
import type { SearchResultItem } from '@stashblog/contract/search';
import { searchTexts } from '@stashblog/contract/search-options';
import { MediaImage } from '../../ui/media-image';
import { useRotation } from '../catalogues/use-rotation';

type Props = { item: SearchResultItem; onOwnDomain: boolean; showBusiness: boolean; eager?: boolean };

/** SPEC search card: images rotate every 3 s with a 0.5 s fade; 'view' opens the item in a new tab; catalogues carry a banner. */
export function SearchResultCard({ item, onOwnDomain, showBusiness, eager }: Props) {
  const step = useRotation(item.images.length);
  const name = item.productName ?? item.catalogueName ?? '';
  const href =
    item.type === 'catalogue'
      ? cataloguePath(item.businessName, item._id, onOwnDomain)
      : productPath(item.businessName, item._id, onOwnDomain);
  return (
    <article
      data-type={item.type}
      className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-text/10 bg-background"
    >
      <div className="relative aspect-square overflow-hidden bg-surface">
        {item.images.length ? (
          item.images.map((src, i) => (
            <MediaImage
              key={src}
              src={src}
              alt=""
              width={640}
              height={640}
              sizes="(min-width: 1280px) 20vw, (min-width: 640px) 33vw, 50vw"
              loading={eager && i === 0 ? 'eager' : 'lazy'}
              className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-500 ${
                step % item.images.length === i ? 'opacity-100' : 'opacity-0'
              }`}
            />
          ))
        ) : (
          <div className="flex h-full items-center justify-center text-muted text-sm">No image</div>
        )}
        {item.type === 'catalogue' ? (
          <span className="absolute top-3 left-0 rounded-r bg-primary px-3 py-1 font-semibold text-on-primary text-xs uppercase tracking-wide shadow">
            {searchTexts.catalogueBanner}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 font-semibold">{name}</h3>
        {showBusiness ? <p className="truncate text-muted text-sm">{item.businessDisplayName}</p> : null}
        <a
          href={href}
          target="_blank"
          rel="noopener"
          className="mt-auto self-start rounded bg-primary px-4 py-1.5 font-medium text-on-primary text-sm capitalize hover:opacity-90"
          aria-label={`${searchTexts.view} ${name} (opens in a new tab)`}
        >
          {searchTexts.view}
        </a>
      </div>
    </article>
  );
}
