import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { makeVariants, processUpload, variantWidths } from '../apps/server/src/modules/media/images.ts';
import { writeResult } from './result.ts';

// Image variants: our upload (validation, orientation, JPEG fallback) plus its `media:variants` job
// (WebP variants from that JPEG, decision 045) vs bare
// sharp making the same outputs from the same image, timed alternately in this process (CPU work,
// no HTTP). Also WebP bytes vs JPEG bytes at the same widths and quality settings.
// BENCH_IMAGE=photo.jpg measures a photo of yours; the default is a 2000×1500 photo-like picture
// (gradients, shapes and sensor-like noise) drawn here, so the repository ships no image.
const iterations = Number(process.env.BENCH_IMAGE_ITERATIONS ?? 3);

async function photoLike(width = 2000, height = 1500): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#c98b52"/><stop offset="0.5" stop-color="#7a5230"/><stop offset="1" stop-color="#2f3e46"/>
    </linearGradient><radialGradient id="r"><stop offset="0" stop-color="#f4e1c1"/><stop offset="1" stop-color="#f4e1c1" stop-opacity="0"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <ellipse cx="${width * 0.55}" cy="${height * 0.45}" rx="${width * 0.22}" ry="${height * 0.3}" fill="url(#r)"/>
    <rect x="${width * 0.2}" y="${height * 0.55}" width="${width * 0.6}" height="${height * 0.25}" rx="40" fill="#5b3a1e" opacity="0.8"/>
  </svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 8 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'overlay' }])
    .blur(0.8)
    .jpeg({ quality: 92 })
    .toBuffer();
}

const input = process.env.BENCH_IMAGE ? readFileSync(process.env.BENCH_IMAGE) : await photoLike();

/** An upload's JPEG, then its job's widths: the whole work for one image. */
async function processImage(data: Buffer) {
  const { jpeg } = await processUpload(data);
  return { jpeg, variants: await makeVariants(jpeg) };
}

// What processImage produces, written with sharp alone (no checks, no metadata read first).
async function bare(data: Buffer) {
  const upright = sharp(data).autoOrient();
  const jpeg = await upright
    .clone()
    .resize({ width: 1920, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  const variants = await Promise.all(
    variantWidths(jpeg.info.width).map(async (width) => ({
      width,
      data: await upright.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    })),
  );
  return { jpeg: jpeg.data, variants };
}

async function time(fn: () => Promise<unknown>) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

await processImage(input);
await bare(input);
let appMs = 0;
let bareMs = 0;
for (let i = 0; i < iterations; i++) {
  appMs += await time(() => processImage(input));
  bareMs += await time(() => bare(input));
}

// WebP vs JPEG at each variant width (same resize; JPEG at the fallback's settings).
const processed = await processImage(input);
let webpBytes = 0;
let jpegBytes = 0;
const perWidth = [];
for (const v of processed.variants) {
  const jpeg = await sharp(input)
    .autoOrient()
    .resize({ width: v.width })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  webpBytes += v.data.length;
  jpegBytes += jpeg.length;
  perWidth.push({ width: v.width, webpKB: +(v.data.length / 1024).toFixed(1), jpegKB: +(jpeg.length / 1024).toFixed(1) });
}

const meta = await sharp(input).metadata();
writeResult('images', {
  benchmark: 'image variant generation vs bare sharp on the same image; WebP bytes vs JPEG',
  image: {
    source: process.env.BENCH_IMAGE ?? 'generated photo-like JPEG',
    width: meta.width,
    height: meta.height,
    kB: +(input.length / 1024).toFixed(1),
  },
  iterations,
  appMsPerImage: +(appMs / iterations).toFixed(1),
  bareMsPerImage: +(bareMs / iterations).toFixed(1),
  ratio: +(bareMs / appMs).toFixed(3),
  webpVsJpeg: +(webpBytes / jpegBytes).toFixed(3),
  perWidth,
  goal: 'ratio >= 0.5 (app throughput / bare sharp throughput); webpVsJpeg <= 0.75',
});
