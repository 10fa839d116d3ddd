import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

export const forumMessages = pgTable(
  'forum_messages',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('forum_messages_list_idx').on(t.businessId, t.createdAt)],
);

// Platform support mails (marketing support form): not tenant-owned.
export const supportMessages = pgTable('support_messages', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  subject: text('subject').notNull().default(''),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
