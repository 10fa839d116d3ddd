import { bigint, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

// A business's public content version: bumped in the same transaction as every write to a row that
// public pages read (src/db/tenant-writes.ts, decision 055; the cache, decision 014). Public responses
// are cached under it; every node reads the rows changed since its last look (changed_at) a few times a
// second. No foreign key: a deleted business's row is harmless, and the delete bumps it.
export const contentVersions = pgTable(
  'content_versions',
  {
    businessId: uuid('business_id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_versions_changed_idx').on(t.changedAt)],
);
