import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { boolean, customType, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The search document of a product's name alone (search tier 1). Queries must spell it exactly so (index match). */
export const productNameDoc = (name: SQLWrapper) => sql`to_tsvector('simple'::regconfig, stash_unaccent(${name}))`;
/** The name with category, tags and item no (search tier 2): every word found without the description. */
export const productLabelDoc = (c: { name: SQLWrapper; category: SQLWrapper; tags: SQLWrapper; itemNo: SQLWrapper }) =>
  sql`to_tsvector('simple'::regconfig, stash_unaccent(${c.name} || ' ' || ${c.category} || ' ' || stash_join(${c.tags}) || ' ' || ${c.itemNo}))`;

export const products = pgTable(
  'products',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    productName: text('product_name').notNull(),
    itemNo: text('item_no').notNull().default(''),
    description: text('description').notNull(),
    category: text('category').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'`),
    images: uuid('images').array().notNull().default(sql`'{}'`),
    specifications: text('specifications').array().notNull().default(sql`'{}'`),
    disclaimers: text('disclaimers').array().notNull().default(sql`'{}'`),
    pricePerUnit: numeric('price_per_unit', { precision: 14, scale: 2, mode: 'number' }),
    totalUnits: integer('total_units'),
    link: text('link').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    isPromoted: boolean('is_promoted').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    visits: integer('visits').notNull().default(0),
    // Weighted search document (docs/decisions: search engine): name A, category/tags/item no B,
    // description C; stash_unaccent is the immutable unaccent wrapper created in the search migration.
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple'::regconfig, stash_unaccent(${products.productName})), 'A') || setweight(to_tsvector('simple'::regconfig, stash_unaccent(${products.category} || ' ' || stash_join(${products.tags}) || ' ' || ${products.itemNo})), 'B') || setweight(to_tsvector('simple'::regconfig, stash_unaccent(${products.description})), 'C')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('products_list_idx').on(t.businessId, t.isPromoted, t.createdAt),
    index('products_public_idx').on(t.businessId, t.isPublic, t.isBlocked, t.createdAt),
    index('products_name_idx').on(t.businessId, t.productName),
    index('products_category_idx').on(t.businessId, t.category),
    index('products_tags_idx').using('gin', t.tags),
    // The weighted document with the business (btree_gin, docs/decisions/024): one business's matches are the
    // intersection of two posting lists, so a shop search reads only its matching rows; a search across every
    // business uses the document column alone, as a plain GIN index on it would.
    index('products_search_business_idx').using('gin', t.businessId, t.search),
    index('products_directory_idx').on(t.isPromoted, t.createdAt),
    // Search tiers (docs/decisions/017-search-tiers-and-capped-counts.md): the name alone, and the name with
    // category/tags/item no, each with an index of its own, so each relevance tier is an index scan.
    index('products_search_name_idx').using('gin', productNameDoc(t.productName)),
    index('products_search_label_idx').using(
      'gin',
      productLabelDoc({ name: t.productName, category: t.category, tags: t.tags, itemNo: t.itemNo }),
    ),
    // Tier 2 within the newest products (decision 034): the label words and the creation time in one GIN index
    // (btree_gin), so a range read of a large tier intersects the time range inside the index instead of reading
    // the words' whole posting lists and ANDing a btree range. The tier probe (033) still counts the label index
    // alone, so a read planned through this one is simply not proved whole.
    index('products_search_label_recent_idx').using(
      'gin',
      t.createdAt,
      productLabelDoc({ name: t.productName, category: t.category, tags: t.tags, itemNo: t.itemNo }),
    ),
    // Visible products in the orders a search across every business pages by; a common term walks these
    // and stops after a page instead of sorting every match.
    index('products_visible_newest_idx').on(t.createdAt, t.id).where(sql`${t.isPublic} and not ${t.isBlocked}`),
    index('products_visible_name_idx').on(sql`lower(${t.productName})`, t.id).where(sql`${t.isPublic} and not ${t.isBlocked}`),
  ],
);
