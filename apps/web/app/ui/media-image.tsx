import { mediaKeyFromUrl, mediaVariantUrl } from '@stashblog/contract/paths';
import { createContext, useContext } from 'react';

/** Media id → the WebP widths recorded for it (`media.variant_widths`, decision 045); an id not here has none yet. */
export type MediaWidths = Record<string, number[]>;

const MediaWidthsContext = createContext<MediaWidths>({});

/** Gives the images below it their recorded widths (root.tsx, from the loaders' `mediaWidths`). */
export const MediaWidthsProvider = MediaWidthsContext.Provider;

type Props = Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & { src: string; width: number; height: number };

/**
 * One of our stored images: the JPEG fallback as src, and a srcset of the WebP widths recorded for it,
 * only those (an image whose `media:variants` job has not run, or whose widths no loader gave, has
 * none and shows the JPEG). Other urls pass through.
 */
export function MediaImage({ src, sizes = '100vw', loading = 'lazy', alt, ...rest }: Props) {
  const key = mediaKeyFromUrl(src);
  const widths = useContext(MediaWidthsContext)[key?.toLowerCase() ?? ''] ?? [];
  const srcSet = widths.length ? widths.map((w) => `${mediaVariantUrl(src, w)} ${w}w`).join(', ') : undefined;
  return <img src={src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} loading={loading} decoding="async" alt={alt} {...rest} />;
}
