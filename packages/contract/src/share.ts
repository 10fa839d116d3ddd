import type { Catalogue } from './catalogues.ts';
import { endpoints } from './endpoints.ts';
import { apiBase } from './paths.ts';
import type { Product } from './products.ts';
import type { UserProfile } from './users.ts';

// Zod-free (types only): the storefront's product and catalogue pages build their share card's URL
// and the WhatsApp link here (docs/decisions/016-public-pages-ship-no-zod.md); the server builds the
// same card from the same fields (docs/decisions/060-share-cards.md, 061-qr-posters.md).

export const shareTexts = {
  shareOnWhatsApp: 'Share on WhatsApp',
  /** The line under a poster's QR code. */
  scanToSee: 'Scan to see our catalogue',
  poster: 'QR poster',
  posterHint: 'A printable poster whose QR code opens this page.',
  storePosterTitle: 'QR poster for your store',
  storePosterHint: 'Print it for your counter: the QR code opens your storefront.',
  downloadA5: 'Download A5 poster',
  downloadA6: 'Download A6 poster',
  posterFailed: 'The poster could not be made. Please try again.',
  posterPrivate: 'Only items visitors can see get a poster: make this one public to print its poster.',
  noPrice: 'Price on request',
  products: (n: number) => `${n} product${n === 1 ? '' : 's'}`,
} as const;

/** A card's size: the Open Graph / Twitter large-image size. */
export const cardSize = { width: 1200, height: 630 } as const;
/** Bumped when the card's drawing changes, so every card URL changes with it. */
export const cardDesign = 1;
/** Photos a catalogue's card shows (its first members' first images). */
export const cardCollageMax = 4;

export const cardKinds = ['product', 'catalogue'] as const;
export type CardKind = (typeof cardKinds)[number];

/** Everything a card shows: the version in its URL is a hash of exactly this. */
export type CardContent = {
  kind: CardKind;
  name: string;
  /** A product's price per unit (null: none given); a catalogue's count of products visitors see. */
  price: number | null;
  count: number | null;
  images: string[];
  shop: string;
  logo: string | null;
  theme: string;
};

type Shop = Pick<UserProfile, 'displayName' | 'logo' | 'theme'>;
const shopOf = (profile: Shop) => ({ shop: profile.displayName, logo: profile.logo, theme: profile.theme });

export function productCardContent(product: Pick<Product, 'productName' | 'pricePerUnit' | 'images'>, profile: Shop): CardContent {
  return {
    kind: 'product',
    name: product.productName,
    price: product.pricePerUnit,
    count: null,
    images: product.images.slice(0, 1),
    ...shopOf(profile),
  };
}

export function catalogueCardContent(
  catalogue: Pick<Catalogue, 'catalogueName' | 'publicProducts' | 'images'>,
  profile: Shop,
): CardContent {
  return {
    kind: 'catalogue',
    name: catalogue.catalogueName,
    price: null,
    count: catalogue.publicProducts,
    images: catalogue.images.slice(0, cardCollageMax),
    ...shopOf(profile),
  };
}

/** cyrb53: a fast 53-bit string hash, the same in the browser and on the server (no crypto needed: it only busts caches). */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The content version of a card: changes whenever anything it shows (or its drawing) changes. */
export function cardVersion(content: CardContent): string {
  const { kind, name, price, count, images, shop, logo, theme } = content;
  return hash53(JSON.stringify([cardDesign, kind, name, price, count, images, shop, logo, theme]));
}

/** The card's absolute URL (og:image): on our public URL, the item's id and the card's version in it. */
export function cardUrl(publicUrl: string, businessName: string, id: string, content: CardContent): string {
  const query = new URLSearchParams({ businessName, id, v: cardVersion(content) });
  return `${publicUrl}${apiBase}${endpoints.publicCards[content.kind].path}?${query}`;
}

/** 'Share on WhatsApp': the click-to-chat link that lets a visitor pick a chat, with the item's name and link. */
export function whatsAppShareUrl(name: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${name} ${url}`)}`;
}

export const posterSizes = ['a5', 'a6'] as const;
export type PosterSize = (typeof posterSizes)[number];
export const posterTargets = ['store', 'product', 'catalogue'] as const;
export type PosterTarget = (typeof posterTargets)[number];
