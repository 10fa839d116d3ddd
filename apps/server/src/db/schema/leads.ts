import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

// Product and catalogue enquiries in one table; names are copied at creation so a lead keeps its
// meaning after the product or catalogue is renamed or deleted (leads are never lost).
export const leads = pgTable(
  'leads',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: ['product', 'catalogue'] }).notNull(),
    name: text('name').notNull(),
    phoneNo: text('phone_no').notNull(),
    email: text('email').notNull(),
    query: text('query').notNull().default(''),
    fkProductId: uuid('fk_product_id'),
    productName: text('product_name'),
    fkCatalogueId: uuid('fk_catalogue_id'),
    catalogueName: text('catalogue_name'),
    products: uuid('products').array().notNull().default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // When the owner first saw the lead in a leads list (null: new).
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('leads_kind_idx').on(t.businessId, t.kind, t.createdAt),
    index('leads_product_idx').on(t.businessId, t.fkProductId, t.createdAt),
    index('leads_catalogue_idx').on(t.businessId, t.fkCatalogueId, t.createdAt),
  ],
);
