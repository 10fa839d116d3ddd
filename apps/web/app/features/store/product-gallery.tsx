import { useState } from 'react';
import { MediaImage } from '../../ui/media-image';

/** Main image with thumbnails; every image is a srcset of our WebP widths. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [active, setActive] = useState(0);
  if (!images.length) {
    return <div className="flex aspect-square items-center justify-center rounded-lg bg-surface text-muted">No image</div>;
  }
  const current = images[Math.min(active, images.length - 1)];
  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-lg bg-surface">
        <MediaImage
          src={current}
          alt={name}
          width={960}
          height={960}
          loading={active === 0 ? 'eager' : 'lazy'}
          fetchPriority={active === 0 ? 'high' : undefined}
          sizes="(min-width: 1024px) 50vw, 100vw"
          className="h-full w-full object-contain"
        />
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose image">
          {images.map((src, i) => (
            <li key={src} className="shrink-0">
              <button
                type="button"
                onClick={() => setActive(i)}
                aria-label={`Show ${i + 1} of ${images.length}`}
                aria-pressed={i === active}
                className={`block h-16 w-16 overflow-hidden rounded border-2 sm:h-20 sm:w-20 ${i === active ? 'border-primary' : 'border-transparent'}`}
              >
                <MediaImage src={src} alt="" width={160} height={160} sizes="80px" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
