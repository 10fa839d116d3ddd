import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Request counters of @fastify/rate-limit (apps/server/src/http/rate-limit-store.ts), shared by
// every app node. A row is one key (route + client) in its current window; expired rows are pruned.
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
