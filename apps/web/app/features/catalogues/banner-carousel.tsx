import { limits } from '@stashblog/contract/limits';
import { useEffect, useState } from 'react';
import { MediaImage } from '../../ui/media-image';
import { useCarousel } from '../../ui/use-carousel';

/** SPEC public catalogue page: banner carousel of the catalogue's images; autoplay 5 s and loop only with more than one. */
export function BannerCarousel({ images, name }: { images: string[]; name: string }) {
  const many = images.length > 1;
  const [viewport, embla] = useCarousel({ loop: true, active: many });
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    if (!embla || !many) return;
    const onSelect = () => setCurrent(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return () => void embla.off('select', onSelect);
    const t = setInterval(() => embla.scrollNext(), limits.autoplayMs);
    return () => {
      clearInterval(t);
      embla.off('select', onSelect);
    };
  }, [embla, many]);

  if (!images.length) return null;
  return (
    <section aria-label={`${name} images`} className="relative overflow-hidden rounded-lg bg-surface">
      <div ref={viewport} className="overflow-hidden">
        <div className="flex">
          {images.map((src, i) => (
            <div key={src} className="aspect-[16/9] min-w-0 shrink-0 grow-0 basis-full sm:aspect-[3/1]">
              <MediaImage
                src={src}
                alt={i === 0 ? name : ''}
                width={1920}
                height={640}
                sizes="(min-width: 1280px) 1200px, 100vw"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                className="h-full w-full object-cover"
              />
            </div>
          ))}
        </div>
      </div>
      {many ? (
        <div className="absolute inset-x-0 bottom-1 flex justify-center">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              aria-label={`Show image ${i + 1} of ${images.length}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => embla?.scrollTo(i)}
              // A 24 px target (WCAG 2.5.8) around the 10 px dot.
              className="grid h-6 w-6 place-items-center"
            >
              <span className={`h-2.5 w-2.5 rounded-full border border-white ${i === current ? 'bg-white' : 'bg-white/30'}`} />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
