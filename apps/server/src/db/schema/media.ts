import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

// An uploaded image. 'pending' until its bytes arrive and pass validation, then 'ready'.
export const media = pgTable(
  'media',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    category: text('category', { enum: ['products', 'logo', 'homeBanners', 'aboutUsBanners'] }).notNull(),
    status: text('status', { enum: ['pending', 'ready'] })
      .notNull()
      .default('pending'),
    originalName: text('original_name').notNull().default(''),
    // SHA-256 (hex) of the bytes stored by storeImage (an import's ZIP image, decision 062): with
    // original_name, how a re-import recognises an image it attached before. '' for uploads.
    contentHash: text('content_hash').notNull().default(''),
    bytes: bigint('bytes', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set while an upload of this slot is being processed on some node; a lease, so a node that dies
    // mid-upload frees it by itself. Counts toward the owner's uploads in flight (media.service.ts).
    processingUntil: timestamp('processing_until', { withTimezone: true }),
    // The WebP widths stored beside the JPEG fallback; empty until the `media:variants` job has made
    // them (decision 045). What every srcset lists.
    variantWidths: integer('variant_widths').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('media_id_idx').on(t.id),
    index('media_processing_idx').on(t.businessId).where(sql`${t.processingUntil} is not null`),
  ],
);
