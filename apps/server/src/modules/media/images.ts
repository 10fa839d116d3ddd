import { availableParallelism } from 'node:os';
import { imageWidths, limits } from '@stashblog/contract/limits';
import { serverTexts } from '@stashblog/contract/server-texts';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../http/app-error.ts';
import { createImageQueue } from './image-queue.ts';

// docs/decisions/019-upload-pressure.md. One libvips thread per image, and the queue runs as many
// images as there are cores, so uploads use at most the machine's cores and page requests keep
// getting the event loop. libvips' operation cache would keep decoded pixels of images we never
// see again: off.
sharp.concurrency(1);
sharp.cache(false);

const queue = createImageQueue({
  slots: availableParallelism(),
  // Two of the largest images at once (decoded RGBA ~320 MB each at worst); smaller ones share.
  pixelBudget: 2 * limits.uploadMaxPixels,
  maxWaiting: 64,
  maxWaitMs: 60_000,
});
/** Seconds a job may take once started (sharp aborts it after); with the queue wait, bounds a lease. */
export const processingTimeoutSeconds = 30;

export type ProcessedImage = {
  width: number;
  height: number;
  jpeg: Buffer;
  variants: { width: number; data: Buffer }[];
};

const jpegMaxWidth = 1920;
const inputOptions = { limitInputPixels: limits.uploadMaxPixels, failOn: 'error', sequentialRead: true } as const;

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
  if (data.length > limits.uploadMaxBytes) throw AppError.tooLarge(serverTexts.uploadTooLarge);
  let meta: Metadata;
  try {
    meta = await sharp(data, inputOptions).metadata();
  } catch (e) {
    throw refusal(e);
  }
  if (!acceptedFormat(meta) || !meta.width || !meta.height) throw AppError.badRequest(serverTexts.uploadInvalid);
  if (meta.width * (meta.pageHeight ?? meta.height) > limits.uploadMaxPixels) throw AppError.tooLarge(serverTexts.uploadTooLarge);

  return queue.run(meta.width * (meta.pageHeight ?? meta.height), () => derive(data, meta));
}

async function derive(data: Buffer, meta: Metadata): Promise<ProcessedImage> {
  try {
    // Decoded once: upright, at most 1920 px wide, kept as raw pixels (alpha too) from which every
    // output is encoded. Output carries no metadata unless asked for, so EXIF (GPS, camera) is dropped.
    const base = await sharp(data, inputOptions)
      .timeout({ seconds: processingTimeoutSeconds })
      .autoOrient()
      .resize({ width: jpegMaxWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: baseWidth, height: baseHeight, channels } = base.info;
    const pixels = () => sharp(base.data, { raw: { width: baseWidth, height: baseHeight, channels } });
    const jpeg = await pixels().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    const variants: ProcessedImage['variants'] = [];
    for (const width of variantWidths(baseWidth)) {
      variants.push({ width, data: await pixels().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer() });
    }
    // The fallback is capped at 1920, so the upright size comes from the oriented metadata
    // (first frame only for an animation).
    const { width, height } = meta.autoOrient;
    return { width, height: (meta.pages ?? 1) > 1 ? (meta.pageHeight ?? height) : height, jpeg, variants };
  } catch (e) {
    throw refusal(e);
  }
}

function refusal(e: unknown): AppError {
  if (e instanceof Error && /pixel limit/i.test(e.message)) return AppError.tooLarge(serverTexts.uploadTooLarge);
  // sharp's own timeout: the image is fine, the machine was too busy to finish it in time
  if (e instanceof Error && /^timeout/i.test(e.message)) return AppError.unavailable(serverTexts.uploadsBusy, 30);
  return AppError.badRequest(serverTexts.uploadInvalid);
}
