// Zod-free: the owner's poster buttons (dashboard, edit pages) and the server's poster drawing share
// these; the endpoint's schema is in share-schemas.ts (docs/decisions/061-qr-posters.md).

export const posterTexts = {
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
} as const;

export const posterSizes = ['a5', 'a6'] as const;
export type PosterSize = (typeof posterSizes)[number];
export const posterTargets = ['store', 'product', 'catalogue'] as const;
export type PosterTarget = (typeof posterTargets)[number];
