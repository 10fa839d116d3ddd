import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    state: text('state', { enum: ['draft', 'previewed', 'queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('previewed'),
    /**
     * The ZIP of images uploaded for the import (decision 062), kept in the blob store at
     * `importZipKey` until the import is done or failed; '' and 0 without one.
     */
    zipName: text('zip_name').notNull().default(''),
    zipBytes: bigint('zip_bytes', { mode: 'number' }).notNull().default(0),
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
