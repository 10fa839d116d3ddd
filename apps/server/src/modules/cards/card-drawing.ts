import { type CardContent, cardSize, cardTexts } from '@stashblog/contract/share';
import { isTheme, palettes } from '@stashblog/contract/themes';
import { type Box, flatten, imageLayer, type Layer, rectLayer, shorten, textLayer } from './drawing.ts';

// The share card (docs/decisions/060-share-cards.md), 1200×630: on the left the item's photo (a
// catalogue: a collage of up to four of its products' photos), on the right, on the shop's theme
// colour, the shop's logo and name, the item's name and its price (a catalogue: how many products).

const { width: W, height: H } = cardSize;
const photo: Box = { left: 0, top: 0, width: H, height: H };
const pad = 48;
const panel = { left: H + pad, width: W - H - 2 * pad };
const logoSize = 88;
const gap = 6;

/** Rupees as the storefront shows them (apps/web/app/speed/format.ts formatRupees: ₹12,34,567.50). */
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** The tiles of a collage of `n` photos (1 to 4) over `box`: one, two side by side, one big and two, or four. */
function collage(n: number, box: Box): Box[] {
  const half = (box.width - gap) / 2;
  const tile = (col: number, row: number, w = half, h = half): Box => ({
    left: Math.round(box.left + col * (half + gap)),
    top: Math.round(box.top + row * (half + gap)),
    width: Math.round(w),
    height: Math.round(h),
  });
  if (n <= 1) return [box];
  if (n === 2) return [tile(0, 0, half, box.height), tile(1, 0, half, box.height)];
  if (n === 3) return [tile(0, 0, half, box.height), tile(1, 0), tile(1, 1)];
  return [tile(0, 0), tile(1, 0), tile(0, 1), tile(1, 1)];
}

export type CardImages = { photos: Buffer[]; logo: Buffer | null };

export async function drawCard(content: CardContent, images: CardImages): Promise<Buffer> {
  const palette = palettes[isTheme(content.theme) ? content.theme : ''];
  const ink = palette.onPrimary;
  const layers: Layer[] = [rectLayer(photo, palette.surface)];
  const tiles = collage(images.photos.length, photo);
  for (const [i, bytes] of images.photos.entries()) layers.push(await imageLayer(bytes, tiles[i]));

  // The shop: its logo on a white tile (logos are drawn for light backgrounds) and its name beside it.
  let nameLeft = panel.left;
  if (images.logo) {
    layers.push(rectLayer({ left: panel.left, top: pad, width: logoSize, height: logoSize }, '#ffffff', 16));
    layers.push(
      await imageLayer(images.logo, { left: panel.left + 8, top: pad + 8, width: logoSize - 16, height: logoSize - 16 }, 8, 'contain'),
    );
    nameLeft += logoSize + 20;
  }
  const shop = await textLayer(
    shorten(content.shop, 60),
    { size: 30, bold: true, color: ink },
    { left: nameLeft, top: pad, width: panel.left + panel.width - nameLeft, height: logoSize },
  );
  shop.layer.top = pad + Math.max(0, Math.round((logoSize - shop.height) / 2));
  layers.push(shop.layer);

  // The item's name, then its price (or count), below the shop.
  const top = pad + logoSize + 48;
  const name = await textLayer(shorten(content.name, 90), { size: 54, bold: true, color: ink }, { ...panel, top, height: 300 });
  layers.push(name.layer);
  const figure =
    content.kind === 'catalogue'
      ? cardTexts.products(content.count ?? 0)
      : content.price !== null
        ? rupees.format(content.price)
        : cardTexts.noPrice;
  const price = await textLayer(figure, { size: 44, color: ink }, { ...panel, top: top + name.height + 28, height: 70 });
  layers.push(price.layer);
  return flatten(cardSize, palette.primary, layers);
}
