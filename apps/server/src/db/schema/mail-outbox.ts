import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Default mail transport: every mail is stored here (and logged); with SMTP_URL it is also sent.
// `transport` is decided when the mail is queued: 'outbox' (stored and logged only) or 'smtp'
// (a `mail:send` job added in the same transaction sends it, retried with back-off, decision 038:
// `sentAt` once the server took it, `failedAt` once the job gave up; `attempts`/`lastError` meanwhile).
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
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
