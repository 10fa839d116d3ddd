import { z } from 'zod';
import { imageWidths } from './storefront-limits.ts';

// SPEC §3 image asset categories.
export const mediaCategories = ['products', 'logo', 'homeBanners', 'aboutUsBanners'] as const;
export type MediaCategory = (typeof mediaCategories)[number];

/** The files stored per image: the JPEG fallback and one WebP per width (DESIGN.md Media). */
export const mediaFilePattern = new RegExp(`^(image\\.jpg|(${imageWidths.join('|')})\\.webp)$`);
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const mediaFileParams = z.object({ mediaId: uuid, file: z.string().regex(mediaFilePattern) });
export type MediaFileParams = z.infer<typeof mediaFileParams>;

// Route params arrive as any text; the service answers 404 when they do not name a media file.
export const mediaFileRouteParams = z.object({ mediaId: z.string(), file: z.string() });

export const uploadParams = z.object({ mediaId: z.string() });
export const uploadQuery = z.object({ exp: z.string().default(''), sig: z.string().default('') });

/** SPEC §7 image proxy: a url of one of our own media files. */
export const proxyQuery = z.object({ url: z.string().max(2000).default('') });

export const uploadedImage = z.object({ _id: z.string(), url: z.string(), width: z.number(), height: z.number() });
export type UploadedImage = z.infer<typeof uploadedImage>;
