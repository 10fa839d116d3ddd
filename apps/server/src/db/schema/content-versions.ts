import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';

// A business's public content version: bumped in the same transaction as every write to a table
// that public pages read (statement triggers, migration 0008_content_versions, docs/decisions/014-public-cache-and-content-version.md),
// and announced on the NOTIFY channel 'content_version' as '<business id>:<version>'. Public
// responses are cached under it. No foreign key: a deleted business's row is harmless and a
// trigger on businesses itself writes here after the delete.
export const contentVersions = pgTable('content_versions', {
  businessId: uuid('business_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
