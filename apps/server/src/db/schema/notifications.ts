import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

export const notifications = pgTable(
  'notifications',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    notification: text('notification').notNull(),
    redirect: text('redirect').notNull().default(''),
    isMarkedRead: boolean('is_marked_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('notifications_list_idx').on(t.businessId, t.isMarkedRead, t.createdAt)],
);

// SPEC §7 Other: after successful mutations an activity record with message and current path.
export const activities = pgTable(
  'activities',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    message: text('message').notNull(),
    path: text('path').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('activities_list_idx').on(t.businessId, t.createdAt)],
);
