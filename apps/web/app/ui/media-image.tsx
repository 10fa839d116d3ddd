import { mediaKeyFromUrl, mediaVariantUrl } from '@stashblog/contract/paths';
import { imageWidths } from '@stashblog/contract/storefront-limits';
import { createContext, useContext } from 'react';

/** Media id → the WebP widths recorded for it (`media.variant_widths`, decision 045), `[]` while none are. */
export type MediaWidths = Record<string, number[]>;

const MediaWidthsContext = createContext<MediaWidths>({});

/** Gives the images below it their recorded widths (root.tsx, from the loaders' `mediaWidths`). */
export const MediaWidthsProvider = MediaWidthsContext.Provider;

type Props = Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & { src: string; width: number; height: number };

/** The width to ask for when the recorded ones are not known: enough for twice `width` (a 2x screen). */
const widthFor = (width: number) => imageWidths.find((w) => w >= 2 * width) ?? imageWidths[imageWidths.length - 1];

/**
 * One of our stored images. Its recorded widths known (a page loader named it): the JPEG fallback
 * as src and a srcset of those widths only, none while there are none. Not known (admin pages, items
 * the client fetched): no srcset, and as src the width for its size, which the server answers with
 * the best file it has (that width, the widest narrower one, or a redirect to the JPEG). Other urls
 * pass through.
 */
export function MediaImage({ src, sizes = '100vw', loading = 'lazy', alt, width, ...rest }: Props) {
  const key = mediaKeyFromUrl(src);
  const widths = useContext(MediaWidthsContext)[key?.toLowerCase() ?? ''];
  const srcSet = widths?.length ? widths.map((w) => `${mediaVariantUrl(src, w)} ${w}w`).join(', ') : undefined;
  const shown = key && !widths ? mediaVariantUrl(src, widthFor(width)) : src;
  return (
    <img
      src={shown}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      loading={loading}
      decoding="async"
      alt={alt}
      width={width}
      {...rest}
    />
  );
}
