import { z } from 'zod';
import { posterSizes, posterTargets } from './posters.ts';

// The schemas of the share card and QR poster calls (endpoint-schemas.ts); their texts and URL
// builders are zod-free in share.ts.

const text = (max: number) => z.string().trim().max(max).default('');

/** GET /public/cards/{product|catalogue}: one public item's card; `v` is the version its page named. */
export const cardQuery = z.object({ businessName: text(100), id: text(100), v: text(40) });
export type CardQuery = z.output<typeof cardQuery>;

/** GET /userAdmin/posters/download: a poster for the store, or for one of the owner's products or catalogues. */
export const posterQuery = z.object({
  target: z.enum(posterTargets),
  id: text(100),
  size: z.enum(posterSizes).default('a6'),
});
export type PosterQuery = z.output<typeof posterQuery>;

export const cardImage = z.string().describe('image/png: a 1200×630 share card');
export const posterImage = z.string().describe('image/png: a printable A5 or A6 poster at 300 dpi');
