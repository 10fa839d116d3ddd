import EmblaCarousel, { type EmblaCarouselType, type EmblaOptionsType } from 'embla-carousel';
import { useEffect, useRef, useState } from 'react';

// Embla measures its viewport and every slide as it starts: about 20–25 ms a carousel on a slow phone
// (Chromium at 4× CPU slowdown). Started from React's effects, as embla-carousel-react does, every
// carousel of a page started in the one task that ends hydration, and the storefront home's three made
// it the page's longest task. Here each carousel starts in a task of its own, in the order they mounted,
// so the page stays responsive between them (docs/decisions/030).
const waiting: (() => void)[] = [];
let scheduled = false;

function schedule() {
  scheduled = true;
  setTimeout(startNext);
}

function startNext() {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}

/** Runs `start` in a later task, one waiting start per task; the returned function withdraws it. */
export function startInTurn(start: () => void): () => void {
  waiting.push(start);
  if (!scheduled) schedule();
  return () => {
    const i = waiting.indexOf(start);
    if (i >= 0) waiting.splice(i, 1);
  };
}

/**
 * An Embla carousel on the element the returned ref is given, started in a task of its own after
 * mount; `api` is undefined until then (the server-rendered row shows meanwhile, laid out the same).
 * Options must be plain data: they are compared by value.
 */
export function useCarousel(options: EmblaOptionsType): [React.RefObject<HTMLDivElement | null>, EmblaCarouselType | undefined] {
  const viewport = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const settings = JSON.stringify(options);
  useEffect(() => {
    let embla: EmblaCarouselType | undefined;
    const withdraw = startInTurn(() => {
      if (!viewport.current) return;
      embla = EmblaCarousel(viewport.current, JSON.parse(settings));
      setApi(embla);
    });
    return () => {
      withdraw();
      embla?.destroy();
      setApi(undefined);
    };
  }, [settings]);
  return [viewport, api];
}
