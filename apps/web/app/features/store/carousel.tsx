import { limits } from '@stashblog/contract/limits';
import { Children, useCallback, useEffect, useState } from 'react';
import { useCarousel } from '../../ui/use-carousel';

type Props = {
  label: string;
  children: React.ReactNode;
  /** Tailwind basis classes of one slide (e.g. 'basis-1/4 xl:basis-1/10'). */
  slideClass: string;
  autoplay?: boolean;
  loop?: boolean;
  /** Move a whole view at a time (product pages) rather than one slide. */
  byView?: boolean;
  /** Arrows over the slides (banners) instead of under them. */
  overlayArrows?: boolean;
};

/**
 * Embla carousel, server-rendered as a plain row (same layout before and after hydration). SPEC §9:
 * autoplay every 5 s only with more than one slide; paused on hover, focus, and for reduced motion.
 */
export function Carousel({ label, children, slideClass, autoplay = false, loop = false, byView = false, overlayArrows = false }: Props) {
  const slides = Children.toArray(children);
  const many = slides.length > 1;
  const [ref, api] = useCarousel({ loop: loop && many, align: 'start', slidesToScroll: byView ? 'auto' : 1 });
  const [paused, setPaused] = useState(false);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const sync = useCallback(() => {
    if (!api) return;
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);
  useEffect(() => {
    if (!api) return;
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api, sync]);

  useEffect(() => {
    if (!api || !autoplay || !many || paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const t = setInterval(() => (api.canScrollNext() ? api.scrollNext() : api.scrollTo(0)), limits.autoplayMs);
    return () => clearInterval(t);
  }, [api, autoplay, many, paused]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div ref={ref} className="overflow-hidden">
        <ul className="-ml-3 flex touch-pan-y">
          {slides.map((slide, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: slides keep their order
              key={i}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              className={`min-w-0 shrink-0 grow-0 pl-3 ${slideClass}`}
            >
              {slide}
            </li>
          ))}
        </ul>
      </div>
      {many && (canPrev || canNext) ? (
        <div
          className={
            overlayArrows
              ? 'pointer-events-none absolute inset-y-0 right-0 left-0 flex items-center justify-between'
              : 'mt-2 flex justify-end gap-2'
          }
        >
          <ArrowButton label={`Previous (${label})`} disabled={!canPrev} onClick={() => api?.scrollPrev()}>
            ‹
          </ArrowButton>
          <ArrowButton label={`Next (${label})`} disabled={!canNext} onClick={() => api?.scrollNext()}>
            ›
          </ArrowButton>
        </div>
      ) : null}
    </section>
  );
}

function ArrowButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="pointer-events-auto mx-1 flex h-10 w-10 items-center justify-center rounded-full bg-background/90 text-2xl text-text shadow disabled:opacity-40 border border-text/20"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
