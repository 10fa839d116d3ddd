import { imageWidths, limits } from '@stashblog/contract/limits';
import { serverMessages } from '@stashblog/contract/messages';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../http/app-error.ts';

// Image work is CPU-heavy; two threads keep one upload from starving the request loop.
sharp.concurrency(2);

export type ProcessedImage = {
  width: number;
  height: number;
  jpeg: Buffer;
  variants: { width: number; data: Buffer }[];
};

const jpegMaxWidth = 1920;
const inputOptions = { limitInputPixels: limits.uploadMaxPixels, failOn: 'error' } as const;

// Judged by content, never by the name or content type the client sent. SVG is refused: it can
// carry script, and rasterising untrusted XML is not worth the risk.
function acceptedFormat(meta: Metadata): boolean {
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif') return true;
  return meta.format === 'heif' && meta.compression === 'av1'; // AVIF
}

/** Variant widths for an image `width` px wide: those it can fill, and always the smallest. */
export function variantWidths(width: number): number[] {
  const fit = imageWidths.filter((w) => w <= width);
  return fit.length > 0 ? fit : [imageWidths[0]];
}

/**
 * Validates an uploaded image and derives what we serve: a metadata-free, upright JPEG fallback
 * (white background, at most 1920 px wide) and WebP variants. Throws 400/413 AppErrors.
 */
export async function processImage(data: Buffer): Promise<ProcessedImage> {
  if (data.length > limits.uploadMaxBytes) throw AppError.tooLarge(serverMessages.uploadTooLarge);
  let meta: Metadata;
  try {
    meta = await sharp(data, inputOptions).metadata();
  } catch (e) {
    throw refusal(e);
  }
  if (!acceptedFormat(meta) || !meta.width || !meta.height) throw AppError.badRequest(serverMessages.uploadInvalid);
  if (meta.width * (meta.pageHeight ?? meta.height) > limits.uploadMaxPixels) throw AppError.tooLarge(serverMessages.uploadTooLarge);

  try {
    // Output carries no metadata unless asked for, so EXIF (GPS, camera) is dropped here.
    const upright = sharp(data, inputOptions).autoOrient();
    const jpeg = await upright
      .clone()
      .resize({ width: jpegMaxWidth, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const variants = await Promise.all(
      variantWidths(jpeg.info.width).map(async (width) => ({
        width,
        data: await upright.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
      })),
    );
    // The fallback is capped at 1920, so the upright size comes from the oriented metadata
    // (first frame only for an animation).
    const { width, height } = meta.autoOrient;
    return { width, height: (meta.pages ?? 1) > 1 ? (meta.pageHeight ?? height) : height, jpeg: jpeg.data, variants };
  } catch (e) {
    throw refusal(e);
  }
}

function refusal(e: unknown): AppError {
  if (e instanceof Error && /pixel limit/i.test(e.message)) return AppError.tooLarge(serverMessages.uploadTooLarge);
  return AppError.badRequest(serverMessages.uploadInvalid);
}
