import { limits } from '@stashblog/contract/limits';
import { useCallback, useEffect, useState } from 'react';
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
            <BannerSlide key={src} src={src} alt={i === 0 ? name : ''} first={i === 0} />
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

type Size = { width: number; height: number };

/**
 * One image whole (contained), on a blurred copy of itself filling the 3:1 (16:9 on phones) frame:
 * product photos are mostly square, so covering the frame cropped them to a third and upscaled them.
 * Both copies have the same srcset and sizes, so the browser fetches the file once. Once loaded, the
 * image is capped at the file's own pixels, so a small photo is never blown up.
 */
function BannerSlide({ src, alt, first }: { src: string; alt: string; first: boolean }) {
  const [cap, setCap] = useState<Size | null>(null);
  // A ref callback, as well as onLoad: the server-rendered image may finish before hydration.
  const measure = useCallback((frame: HTMLDivElement | null) => {
    const img = frame?.querySelector<HTMLImageElement>('img[data-banner-image]');
    if (img?.complete && img.naturalWidth) void filePixels(img).then(setCap);
  }, []);
  const image = {
    src,
    width: 1920,
    height: 640,
    sizes: '(min-width: 1280px) 1248px, 100vw',
    loading: first ? ('eager' as const) : ('lazy' as const),
  };
  return (
    <div className="relative aspect-[16/9] min-w-0 shrink-0 grow-0 basis-full overflow-hidden sm:aspect-[3/1]">
      <MediaImage
        {...image}
        alt=""
        aria-hidden="true"
        className="absolute inset-0 h-full w-full scale-110 object-cover opacity-80 blur-2xl"
      />
      <div ref={measure} className="absolute inset-0 flex items-center justify-center">
        <MediaImage
          {...image}
          alt={alt}
          fetchPriority={first ? 'high' : undefined}
          onLoad={(e) => void filePixels(e.currentTarget).then(setCap)}
          style={cap ? { maxWidth: cap.width, maxHeight: cap.height } : undefined}
          className="h-full w-full object-contain drop-shadow-lg"
          data-banner-image=""
        />
      </div>
    </div>
  );
}

/** The pixels of the file the browser chose (naturalWidth is scaled by the srcset's width descriptor). */
function filePixels(img: HTMLImageElement): Promise<Size> {
  const probe = new Image();
  probe.src = img.currentSrc || img.src;
  return probe.decode().then(
    () => ({ width: probe.naturalWidth, height: probe.naturalHeight }),
    () => ({ width: img.naturalWidth, height: img.naturalHeight }),
  );
}
