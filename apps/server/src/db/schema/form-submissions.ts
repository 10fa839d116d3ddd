import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// One row per accepted public form submission (lead, contact/forum message, support mail), keyed
// by the idempotency key the form sends: a double submit finds its key and answers the first
// result instead of storing a second copy. Not tenant-owned (support mails have no business).
export const formSubmissions = pgTable('form_submissions', {
  key: uuid('key').primaryKey(),
  form: text('form').notNull(),
  businessId: uuid('business_id'),
  resultId: uuid('result_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Public form submissions refused as spam (honeypot, too fast, rate limit), counted per day:
// refused attempts are counted, never stored.
export const spamRejections = pgTable(
  'spam_rejections',
  {
    day: date('day').notNull(),
    form: text('form').notNull(),
    reason: text('reason').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.form, t.reason] })],
);
