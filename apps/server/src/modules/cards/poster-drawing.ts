import { type PosterSize, posterTexts } from '@stashblog/contract/posters';
import { isTheme, palettes } from '@stashblog/contract/themes';
import QRCode from 'qrcode';
import { flatten, imageLayer, type Layer, rectLayer, shorten, textLayer } from './drawing.ts';

// The printable QR poster (docs/decisions/061-qr-posters.md): a PNG at 300 dpi that prints at A5 or
// A6 at 100 %: a band in the shop's theme colour with its logo and name, 'Scan to see our catalogue',
// a QR code of the page's canonical URL, and the item's name and that URL under it.

const dpi = 300;
const mmToPx = (mm: number) => Math.round((mm / 25.4) * dpi);
/** ISO 216 portrait sizes in millimetres. */
const paper: Record<PosterSize, { width: number; height: number }> = { a5: { width: 148, height: 210 }, a6: { width: 105, height: 148 } };

export type PosterContent = { url: string; shop: string; theme: string; title: string | null; logo: Buffer | null; size: PosterSize };

export async function drawPoster(p: PosterContent): Promise<Buffer> {
  const palette = palettes[isTheme(p.theme) ? p.theme : ''];
  const W = mmToPx(paper[p.size].width);
  const H = mmToPx(paper[p.size].height);
  const u = W / 100; // one hundredth of the width: every measure below scales with the paper
  const margin = Math.round(6 * u);
  const inner = W - 2 * margin;
  const layers: Layer[] = [];

  // The band: logo and shop name on the theme colour.
  const band = Math.round(24 * u);
  layers.push(rectLayer({ left: 0, top: 0, width: W, height: band }, palette.primary));
  const logo = Math.round(15 * u);
  let nameLeft = margin;
  if (p.logo) {
    const top = Math.round((band - logo) / 2);
    layers.push(rectLayer({ left: margin, top, width: logo, height: logo }, '#ffffff', Math.round(2 * u)));
    const pad = Math.round(u);
    layers.push(
      await imageLayer(p.logo, { left: margin + pad, top: top + pad, width: logo - 2 * pad, height: logo - 2 * pad }, pad, 'contain'),
    );
    nameLeft += logo + Math.round(4 * u);
  }
  const shopBox = { left: nameLeft, top: Math.round(4 * u), width: W - margin - nameLeft, height: band - Math.round(8 * u) };
  const shop = await textLayer(shorten(p.shop, 60), { size: Math.round(7 * u), bold: true, color: palette.onPrimary }, shopBox);
  shop.layer.top = Math.round((band - shop.height) / 2);
  layers.push(shop.layer);

  // The call, then the QR code (error correction M, a quiet zone of four modules as the standard asks).
  let y = band + Math.round(7 * u);
  const call = await textLayer(
    posterTexts.scanToSee,
    { size: Math.round(7.5 * u), bold: true, color: '#181818', align: 'centre' },
    { left: margin, top: y, width: inner, height: Math.round(22 * u) },
  );
  layers.push(call.layer);
  y += call.height + Math.round(4 * u);
  const qrSize = Math.round(Math.min(72 * u, H - y - 30 * u));
  const qr = await QRCode.toBuffer(p.url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: qrSize,
    color: { dark: '#000000', light: '#ffffff' },
  });
  layers.push({ input: qr, left: Math.round((W - qrSize) / 2), top: y });
  y += qrSize + Math.round(3 * u);

  // What it opens: the item's name (none for the store itself) and the URL, for those without a camera.
  if (p.title) {
    const title = await textLayer(
      shorten(p.title, 80),
      { size: Math.round(5.5 * u), bold: true, color: '#181818', align: 'centre' },
      { left: margin, top: y, width: inner, height: Math.round(15 * u) },
    );
    layers.push(title.layer);
    y += title.height + Math.round(2 * u);
  }
  const link = p.url.replace(/^https?:\/\//, '');
  layers.push(
    (
      await textLayer(
        link,
        { size: Math.round(3.6 * u), color: '#444444', align: 'centre' },
        { left: margin, top: y, width: inner, height: H - y - margin },
      )
    ).layer,
  );
  return flatten({ width: W, height: H }, '#ffffff', layers, dpi);
}
