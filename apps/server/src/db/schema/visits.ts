import { date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

// Daily visit counters per profile, product and catalogue (subject_id = business id for the profile).
export const dailyVisits = pgTable(
  'daily_visits',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    subjectType: text('subject_type', { enum: ['profile', 'product', 'catalogue'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.subjectType, t.subjectId] })],
);

// Who has already been counted today (SPEC visits count at most once per visitor per item per day).
// The visitor is a keyed hash of address + user agent + day, never the address itself; rows older
// than two days are pruned.
export const visitSeen = pgTable(
  'visit_seen',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    subjectType: text('subject_type', { enum: ['profile', 'product', 'catalogue'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.subjectType, t.subjectId, t.visitor] })],
);
