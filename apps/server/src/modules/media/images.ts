import { limits } from '@stashblog/contract/limits';
import { serverTexts } from '@stashblog/contract/server-texts';
import { imageWidths } from '@stashblog/contract/storefront-limits';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../http/app-error.ts';

// docs/decisions/045-image-variants-are-a-job.md (019 for the limits). An upload is validated and its
// JPEG fallback made while the request waits; the WebP widths are a `media:variants` job made from
// that JPEG. One libvips thread per image: sharp runs on libuv's thread pool, so at most
// UV_THREADPOOL_SIZE (4) images are worked on at once and page requests keep the event loop.
// libvips' operation cache would keep decoded pixels of images we never see again: off.
sharp.concurrency(1);
sharp.cache(false);

/** Seconds one image may take once started (sharp aborts it after); bounds an upload's lease. */
export const processingTimeoutSeconds = 30;

export type UploadedJpeg = { width: number; height: number; jpeg: Buffer };

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
 * Whether `data` is a JPEG, PNG or WebP image within the upload limits, from its header alone (no
 * decode): what a bulk import's preview says of an image in its ZIP (decision 062).
 */
export async function probeImage(data: Buffer): Promise<'ok' | 'tooLarge' | 'unreadable'> {
  if (data.length > limits.uploadMaxBytes) return 'tooLarge';
  try {
    const meta = await sharp(data, inputOptions).metadata();
    if (!['jpeg', 'png', 'webp'].includes(meta.format ?? '') || !meta.width || !meta.height) return 'unreadable';
    return meta.width * (meta.pageHeight ?? meta.height) > limits.uploadMaxPixels ? 'tooLarge' : 'ok';
  } catch (e) {
    return refusal(e).status === 413 ? 'tooLarge' : 'unreadable';
  }
}

/**
 * Validates an uploaded image and makes what is served at once: a metadata-free, upright JPEG
 * (white background, at most 1920 px wide), from one decode. Throws 400/413/503 AppErrors.
 */
export async function processUpload(data: Buffer): Promise<UploadedJpeg> {
  if (data.length > limits.uploadMaxBytes) throw AppError.tooLarge(serverTexts.uploadTooLarge);
  let meta: Metadata;
  try {
    meta = await sharp(data, inputOptions).metadata();
  } catch (e) {
    throw refusal(e);
  }
  if (!acceptedFormat(meta) || !meta.width || !meta.height) throw AppError.badRequest(serverTexts.uploadInvalid);
  if (meta.width * (meta.pageHeight ?? meta.height) > limits.uploadMaxPixels) throw AppError.tooLarge(serverTexts.uploadTooLarge);
  try {
    // Output carries no metadata unless asked for, so EXIF (GPS, camera) is dropped.
    const jpeg = await sharp(data, inputOptions)
      .timeout({ seconds: processingTimeoutSeconds })
      .autoOrient()
      .resize({ width: jpegMaxWidth, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    // The fallback is capped at 1920, so the upright size comes from the oriented metadata
    // (first frame only for an animation).
    const { width, height } = meta.autoOrient;
    return { width, height: (meta.pages ?? 1) > 1 ? (meta.pageHeight ?? height) : height, jpeg };
  } catch (e) {
    throw refusal(e);
  }
}

/** The WebP widths of a stored JPEG fallback (the `media:variants` job): one decode, one encode per width. */
export async function makeVariants(jpeg: Buffer): Promise<{ width: number; data: Buffer }[]> {
  const base = await sharp(jpeg, { sequentialRead: true })
    .timeout({ seconds: processingTimeoutSeconds })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: baseWidth, height: baseHeight, channels } = base.info;
  const variants: { width: number; data: Buffer }[] = [];
  for (const width of variantWidths(baseWidth)) {
    const data = await sharp(base.data, { raw: { width: baseWidth, height: baseHeight, channels } })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    variants.push({ width, data });
  }
  return variants;
}

function refusal(e: unknown): AppError {
  if (e instanceof Error && /pixel limit/i.test(e.message)) return AppError.tooLarge(serverTexts.uploadTooLarge);
  // sharp's own timeout: the image is fine, the machine was too busy to finish it in time
  if (e instanceof Error && /^timeout/i.test(e.message)) return AppError.unavailable(serverTexts.uploadsBusy, 30);
  return AppError.badRequest(serverTexts.uploadInvalid);
}
