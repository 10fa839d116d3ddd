import { z } from 'zod';
import { boolQuery, pagingSchema } from './lists.ts';

// Platform admin console (/platform) and its API (/api/platform/*). Not in SPEC beyond "a platform
// admin can block products, catalogues and users" and "prime users"; texts here are our own.

export const plans = ['Basic', 'Advanced', 'Advanced +', 'Pro'] as const;
export type Plan = (typeof plans)[number];

export const platformTexts = {
  forbidden: 'Only platform admins may do this',
  signedIn: 'Signed in to the platform console',
  reasonRequired: 'A reason is required to block',
  blocked: (what: string) => `${what} blocked`,
  unblocked: (what: string) => `${what} unblocked`,
  primeOn: 'Marked as a prime user',
  primeOff: 'No longer a prime user',
  businessNotFound: 'Business not found',
  productNotFound: 'Product not found',
  catalogueNotFound: 'Catalogue not found',
} as const;

const idField = z.string().trim().max(100).default('');
const searchField = z.string().trim().max(200).optional();
const reasonField = z.string().trim().max(500).default('');
const pageSize = 20;

export const businessListQuery = z.object({
  searchQuery: searchField,
  plan: z.enum(plans).optional(),
  isBlocked: boolQuery,
  isPrimeUser: boolQuery,
  ...pagingSchema(pageSize),
});
export type BusinessListQuery = z.input<typeof businessListQuery>;

export const platformBusiness = z.object({
  _id: z.string(),
  businessName: z.string(),
  /** The business as its owner writes it (decision 047). */
  displayName: z.string(),
  name: z.string(),
  email: z.string(),
  plan: z.string(),
  domain: z.string().nullable(),
  isBlocked: z.boolean(),
  isPrimeUser: z.boolean(),
  emailVerified: z.boolean(),
  productCount: z.number(),
  catalogueCount: z.number(),
  leadCount: z.number(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
});
export type PlatformBusiness = z.infer<typeof platformBusiness>;
export const businessListPayload = z.object({ businesses: z.array(platformBusiness), count: z.number() });

export const itemListQuery = z.object({ businessId: idField, searchQuery: searchField, ...pagingSchema(pageSize) });
export type ItemListQuery = z.input<typeof itemListQuery>;

export const platformItem = z.object({
  _id: z.string(),
  businessId: z.string(),
  businessName: z.string(),
  name: z.string(),
  isPublic: z.boolean(),
  isBlocked: z.boolean(),
  createdAt: z.string(),
});
export type PlatformItem = z.infer<typeof platformItem>;
export const itemListPayload = z.object({ items: z.array(platformItem), count: z.number() });

export const blockUserBody = z.object({ id: idField, isBlocked: z.boolean(), reason: reasonField });
export const blockItemBody = z.object({ businessId: idField, id: idField, isBlocked: z.boolean(), reason: reasonField });
export const primeUserBody = z.object({ id: idField, isPrimeUser: z.boolean() });
export type BlockUserBody = z.input<typeof blockUserBody>;
export type BlockItemBody = z.input<typeof blockItemBody>;
export type PrimeUserBody = z.input<typeof primeUserBody>;
export const statusPayload = z.object({ status: z.boolean() });

export const mailListQuery = z.object({
  searchQuery: searchField,
  state: z.enum(['pending', 'sent', 'failed']).optional(),
  ...pagingSchema(pageSize),
});
export type MailListQuery = z.input<typeof mailListQuery>;
export const outboxMail = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  businessName: z.string().nullable(),
  state: z.enum(['pending', 'sent', 'failed']),
  transport: z.enum(['outbox', 'smtp']),
  attempts: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMail>;
export const mailListPayload = z.object({ mails: z.array(outboxMail), count: z.number() });

/** One background job type in the platform console (decision 038): how many wait, run, and failed for good. */
export const jobTypeCounts = z.object({
  type: z.string(),
  maxAttempts: z.number(),
  queued: z.number(),
  running: z.number(),
  failed: z.number(),
});
/** A job whose last attempt failed: retrying (with its next attempt) or failed (attempts used up). */
export const jobProblem = z.object({
  _id: z.string(),
  type: z.string(),
  state: z.enum(['retrying', 'failed']),
  attempts: z.number(),
  maxAttempts: z.number(),
  error: z.string(),
  nextAttemptAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type JobTypeCounts = z.infer<typeof jobTypeCounts>;
export type JobProblem = z.infer<typeof jobProblem>;
export const jobQueuePayload = z.object({ types: z.array(jobTypeCounts), problems: z.array(jobProblem) });
export type JobQueuePayload = z.infer<typeof jobQueuePayload>;

export const auditListQuery = z.object({ action: z.string().trim().max(60).optional(), businessId: idField, ...pagingSchema(pageSize) });
export type AuditListQuery = z.input<typeof auditListQuery>;
export const auditEntry = z.object({
  _id: z.string(),
  adminEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  businessName: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditListPayload = z.object({ entries: z.array(auditEntry), count: z.number() });

export const platformAdmin = z.object({ name: z.string(), email: z.string() });
export type PlatformAdmin = z.infer<typeof platformAdmin>;

export const createPlatformAdminInput = z.object({
  email: z.email('Enter a valid email'),
  name: z.string().trim().min(1, 'Name required!'),
  password: z.string().min(8, 'Password must be at least 8 characters'),
});
