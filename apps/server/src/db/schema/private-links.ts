import { boolean, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

export const privateLinks = pgTable(
  'private_links',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    privateLink: text('private_link').notNull(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }).notNull(),
    allowMultipleUsers: boolean('allow_multiple_users').notNull().default(false),
    visits: integer('visits').notNull().default(0),
    linkViewed: boolean('link_viewed').notNull().default(false),
    fkProductId: uuid('fk_product_id'),
    fkCatalogueId: uuid('fk_catalogue_id'),
    fingerPrint: text('finger_print'),
    // The signed device cookie's id of the device a single-user link is bound to (null: not bound yet).
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    unique('private_links_code_uq').on(t.businessId, t.privateLink),
    index('private_links_product_idx').on(t.businessId, t.fkProductId, t.createdAt),
    index('private_links_catalogue_idx').on(t.businessId, t.fkCatalogueId, t.createdAt),
  ],
);
