import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

// A business created by self sign-up (/getStarted): its plan and the email verification state.
// Businesses created by the operator CLI have no row here and count as verified.
export const signups = pgTable(
  'signups',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    phoneNo: text('phone_no').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [index('signups_unverified_idx').on(t.verifiedAt, t.createdAt)],
);
