import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';

// Leads received per day (Asia/Kolkata) per product or catalogue, for the insights dashboard. Counted
// by `addLead` (db/tenant-writes.ts), the one way a lead is stored, in its transaction. Deleting a lead
// does not lower the count: it counts enquiries received.
export const dailyLeads = pgTable(
  'daily_leads',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    subjectType: text('subject_type', { enum: ['product', 'catalogue'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.day, t.subjectType, t.subjectId] }),
    index('daily_leads_subject_idx').on(t.businessId, t.subjectType, t.subjectId),
  ],
);
