import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Platform admins are their own accounts, never a business owner with a flag: an owner token can
// never reach /api/platform/* (docs/decisions: platform admin accounts).
export const platformAdmins = pgTable(
  'platform_admins',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('platform_admins_email_idx').on(sql`lower(${t.email})`)],
);

export const platformSessions = pgTable(
  'platform_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => platformAdmins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('platform_sessions_admin_idx').on(t.adminId)],
);

// Every platform action, with who did it, to what, and why. Never updated or deleted by the app.
export const platformAudit = pgTable(
  'platform_audit',
  {
    id: uuid('id').primaryKey(),
    adminId: uuid('admin_id').references(() => platformAdmins.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id'),
    businessId: uuid('business_id'),
    reason: text('reason').notNull().default(''),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('platform_audit_created_idx').on(t.createdAt),
    index('platform_audit_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);
