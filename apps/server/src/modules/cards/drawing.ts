import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';

// What share cards and posters are drawn with (docs/decisions/060-share-cards.md): libvips through
// sharp, text laid out by Pango (HarfBuzz shapes Devanagari conjuncts) in the fonts shipped in
// apps/server/fonts and in no others. FONTCONFIG_FILE is read once, when Pango first lays out text
// in this process, and only this module draws text, so setting it here, before any drawing, is enough.

export const fontsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fonts');
process.env.FONTCONFIG_FILE = path.join(fontsDir, 'fonts.conf');

/** Latin from Noto Sans, Devanagari (and ₹) from Noto Sans Devanagari; Pango falls back between them per character. */
const family = 'Noto Sans, Noto Sans Devanagari';

export type Layer = OverlayOptions;
export type Box = { left: number; top: number; width: number; height: number };
type TextStyle = { size: number; bold?: boolean; color: string; align?: 'left' | 'centre' };

function escapeMarkup(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
}

/** Cuts a text to `max` characters at a word where it can, with an ellipsis. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if ([...flat].length <= max) return flat;
  const cut = [...flat].slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

async function textImage(text: string, style: TextStyle, width: number, height?: number) {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${style.color}">${escapeMarkup(text)}</span>`,
      // points at 72 dpi are pixels; given a height, libvips picks the dpi that fits instead
      font: `${family} ${style.bold ? 'Bold ' : ''}${style.size}`,
      width,
      ...(height ? { height } : { dpi: 72 }),
      align: style.align === 'centre' ? 'centre' : 'left',
      wrap: 'word-char',
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A text laid out in `box` (wrapping at words): at `style.size`, or smaller when that would not fit
 * its height; placed at the box's top (or centred across it). Returns the layer and its height.
 */
export async function textLayer(text: string, style: TextStyle, box: Box): Promise<{ layer: Layer; height: number }> {
  let img = await textImage(text, style, box.width);
  if (img.height > box.height || img.width > box.width) img = await textImage(text, style, box.width, box.height);
  const left = style.align === 'centre' ? box.left + Math.max(0, Math.round((box.width - img.width) / 2)) : box.left;
  return { layer: { input: img.data, left, top: box.top }, height: img.height };
}

/** An image covering `box` (cropped to fill it), with rounded corners when `radius` is given. */
export async function imageLayer(bytes: Buffer, box: Box, radius = 0, fit: 'cover' | 'contain' = 'cover'): Promise<Layer> {
  let img = sharp(bytes)
    .rotate()
    .resize(box.width, box.height, { fit, background: { r: 255, g: 255, b: 255, alpha: 1 } });
  if (radius) {
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="100%" height="100%" rx="${radius}" ry="${radius}"/></svg>`,
    );
    img = sharp(await img.png().toBuffer()).composite([{ input: mask, blend: 'dest-in' }]);
  }
  return { input: await img.png().toBuffer(), left: box.left, top: box.top };
}

/** A filled rectangle (shapes only: no text goes through SVG). */
export function rectLayer(box: Box, colour: string, radius = 0): Layer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="100%" height="100%" rx="${radius}" ry="${radius}" fill="${colour}"/></svg>`;
  return { input: Buffer.from(svg), left: box.left, top: box.top };
}

/** A canvas of one colour with the layers on it, as PNG (`density`: dots per inch written into the file). */
export function flatten(size: { width: number; height: number }, background: string, layers: Layer[], density?: number): Promise<Buffer> {
  const img = sharp({ create: { width: size.width, height: size.height, channels: 3, background } }).composite(layers);
  return (density ? img.withMetadata({ density }) : img).png({ compressionLevel: 8 }).toBuffer();
}
