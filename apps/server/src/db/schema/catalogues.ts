import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { boolean, customType, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';
import { products } from './products.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// categories, tags, images and totalProducts are not stored: they are derived from the member
// products at read time (docs/decisions/005-catalogue-derived-fields.md).
/** The search document of a catalogue's name alone (search tier 1). Queries must spell it exactly so (index match). */
export const catalogueNameDoc = (name: SQLWrapper) => sql`to_tsvector('simple'::regconfig, stash_unaccent(${name}))`;

export const catalogues = pgTable(
  'catalogues',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    catalogueName: text('catalogue_name').notNull(),
    description: text('description').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    isPromoted: boolean('is_promoted').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    visits: integer('visits').notNull().default(0),
    // Search document: name A, description C (categories/tags are derived from members, decision 005).
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple'::regconfig, stash_unaccent(${catalogues.catalogueName})), 'A') || setweight(to_tsvector('simple'::regconfig, stash_unaccent(${catalogues.description})), 'C')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('catalogues_list_idx').on(t.businessId, t.isPromoted, t.createdAt),
    index('catalogues_public_idx').on(t.businessId, t.isPublic, t.isBlocked, t.createdAt),
    index('catalogues_name_idx').on(t.businessId, t.catalogueName),
    index('catalogues_directory_idx').on(t.isPromoted, t.createdAt),
    index('catalogues_search_idx').using('gin', t.search),
    // Search tier 1 (decision 017): the name alone.
    index('catalogues_search_name_idx').using('gin', catalogueNameDoc(t.catalogueName)),
    // Visible catalogues in the orders a search across every business pages by (as products').
    index('catalogues_visible_newest_idx').on(t.createdAt, t.id).where(sql`${t.isPublic} and not ${t.isBlocked}`),
    index('catalogues_visible_name_idx').on(sql`lower(${t.catalogueName})`, t.id).where(sql`${t.isPublic} and not ${t.isBlocked}`),
  ],
);

export const catalogueProducts = pgTable(
  'catalogue_products',
  {
    businessId: uuid('business_id').notNull(),
    catalogueId: uuid('catalogue_id').notNull(),
    productId: uuid('product_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.catalogueId, t.productId] }),
    foreignKey({ columns: [t.businessId, t.catalogueId], foreignColumns: [catalogues.businessId, catalogues.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.businessId, t.productId], foreignColumns: [products.businessId, products.id] }).onDelete('cascade'),
    index('catalogue_products_product_idx').on(t.businessId, t.productId),
  ],
);
