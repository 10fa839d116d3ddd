import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Default mail transport: every mail is stored here (and logged); with SMTP_URL it is also sent.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
