import type { Catalogue } from './catalogues.ts';
import { endpoints } from './endpoints.ts';
import { apiBase } from './paths.ts';
import type { Product } from './products.ts';
import type { UserProfile } from './users.ts';

// Zod-free (types only): the storefront's product and catalogue pages build their share card's URL
// and the WhatsApp link here (docs/decisions/016-public-pages-ship-no-zod.md); the server builds the
// same card from the same fields (docs/decisions/060-share-cards.md, 061-qr-posters.md).

export const shareTexts = { shareOnWhatsApp: 'Share on WhatsApp' } as const;

/** On a card (drawn by the server): a product without a price, and a catalogue's count of products. */
export const cardTexts = {
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

/** FNV-1a (32 bits): the same in the browser and on the server, and small (the product page's weight, decision 048); it only busts caches. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/** The content version of a card: changes whenever anything it shows (or its drawing) changes. */
export function cardVersion(content: CardContent): string {
  const { kind, name, price, count, images, shop, logo, theme } = content;
  return hash(JSON.stringify([cardDesign, kind, name, price, count, images, shop, logo, theme]));
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
