import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

// One bulk import of products (decision 059): the checked rows of the file, written at preview, and
// its progress as a `products:import` job writes them. `done` moves with each batch of products in
// the batch's own transaction, so it always counts whole products written.
export const productImports = pgTable(
  'product_imports',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    fileName: text('file_name').notNull(),
    state: text('state', { enum: ['previewed', 'queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('previewed'),
    /** Every valid row, in file order: { row, input } with the product's parsed fields. */
    rows: jsonb('rows').notNull().default(sql`'[]'`),
    total: integer('total').notNull().default(0),
    valid: integer('valid').notNull().default(0),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** [{ row, messages }]: the preview's problems, then those met while importing. */
    problems: jsonb('problems').notNull().default(sql`'[]'`),
    error: text('error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);
