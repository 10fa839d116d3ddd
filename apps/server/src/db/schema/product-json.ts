import { foreignKey, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { products } from './products.ts';

// Each product as the public API writes it (decision 032): every product write calls
// `productsWritten` (src/db/tenant-writes.ts, decision 055), which writes `stash_product_json(row)`, a
// function generated from the contract (modules/products/product-json.ts, decision 042), for the rows
// it wrote, in the writer's own transaction; a deleted product's row goes with it (foreign key; no
// ON UPDATE CASCADE, which Citus refuses on a distributed key, decision 056). `body` is the product's JSON object from its third
// key on (`"productName":…}`): the storefront list splices `{"_id":…,"businessName":…,` before it at
// read time, so a renamed business needs no rewrite here. Its own table, not a column of `products`,
// whose row width drives the search engine's heap reads.
export const productJson = pgTable(
  'product_json',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.id], foreignColumns: [products.businessId, products.id] }).onDelete('cascade'),
  ],
);
