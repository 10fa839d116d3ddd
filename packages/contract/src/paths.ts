import { encodeId } from './ids.ts';

// URL builders shared by server (links, sitemaps, redirects) and web.
export const apiBase = '/api';

/** SPEC §2 product link: {host}/{businessName}/products/{encoded id}; no businessName on the own domain. */
export function productPath(businessName: string, id: string, onOwnDomain = false): string {
  return `${onOwnDomain ? '' : `/${businessName}`}/products/${encodeId(id)}`;
}

export function cataloguePath(businessName: string, id: string, onOwnDomain = false): string {
  return `${onOwnDomain ? '' : `/${businessName}`}/catalogues/${encodeId(id)}`;
}

export function storePath(businessName: string, rest: string, onOwnDomain = false): string {
  return `${onOwnDomain ? '' : `/${businessName}`}${rest.startsWith('/') ? rest : `/${rest}`}`;
}

/** A stored image: `/media/<key>/image.jpg` is the JPEG fallback; WebP widths sit beside it. */
export function mediaUrl(key: string): string {
  return `/media/${key}/image.jpg`;
}

export function mediaVariantUrl(imageUrl: string, width: number): string {
  return imageUrl.replace(/\/image\.jpg$/, `/${width}.webp`);
}

export function mediaKeyFromUrl(url: string): string | null {
  const m = /^\/media\/([0-9a-f-]{36})\/image\.jpg$/.exec(url);
  return m ? m[1] : null;
}
