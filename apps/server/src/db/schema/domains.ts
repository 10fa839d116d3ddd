import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

// A custom domain an owner has asked for. It is routed only once verified: verification copies it
// to businesses.domain, which is what the tenant routing and the TLS ask endpoint read.
export const domainClaims = pgTable(
  'domain_claims',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('domain_claims_domain_idx').on(t.domain)],
);
