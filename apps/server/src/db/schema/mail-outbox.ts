import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Default mail transport: every mail is stored here (and logged); with SMTP_URL it is also sent.
// `transport` is decided when the mail is queued: 'outbox' (stored and logged only) or 'smtp'
// (sent by the delivery loop; retried with back-off until `sentAt` is set, so a mail server that
// is down loses nothing).
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
    transport: text('transport', { enum: ['outbox', 'smtp'] })
      .notNull()
      .default('outbox'),
    replyTo: text('reply_to'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_due_idx').on(t.transport, t.sentAt, t.nextAttemptAt)],
);
