import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

// A custom domain an owner has asked for. It is routed only once verified (TXT record, DNS pointing
// at us, our challenge served over HTTP): verification copies it to businesses.domain, which is what
// the tenant routing and the TLS ask endpoint read. A verified claim is checked again daily
// (next_check_at); one that no longer points at us is unrouted and keeps the reason in last_error.
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
    /** When the routed domain was last verified: /{business}/ redirects to it are 301 only a week after. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** When the daily re-check is due (a node leases it by moving this forward); null: not scheduled. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('domain_claims_domain_idx').on(t.domain), index('domain_claims_next_check_idx').on(t.nextCheckAt)],
);
