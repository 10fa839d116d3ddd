import { imageWidths } from '@stashblog/contract/limits';
import { mediaVariantUrl } from '@stashblog/contract/paths';

type Props = Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & { src: string; width: number; height: number };

/** One of our stored images: WebP widths in srcset, the JPEG fallback as src (DESIGN Media). Other urls pass through. */
export function MediaImage({ src, sizes = '100vw', loading = 'lazy', alt, ...rest }: Props) {
  const isOurs = /^\/media\/.+\/image\.jpg$/.test(src);
  const srcSet = isOurs ? imageWidths.map((w) => `${mediaVariantUrl(src, w)} ${w}w`).join(', ') : undefined;
  return <img src={src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} loading={loading} decoding="async" alt={alt} {...rest} />;
}
