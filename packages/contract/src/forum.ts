import { z } from 'zod';
import { antiSpamFields } from './anti-spam-fields.ts';
import { limits } from './limits.ts';
import { specTexts } from './spec-texts.ts';
import { safeText } from './text.ts';

const required = (message: string, max: number) => safeText({ error: message }).trim().min(1, message).max(max);

// SPEC §5 Support and contact forms: Name, Message, Email checked in that order (key order here is
// the order problems are reported in); subject optional. Anti-spam fields last.
export const createForumBody = z.object({
  name: required(specTexts.contactNameRequired, 200),
  message: required(specTexts.contactMessageRequired, 5000),
  email: required(specTexts.contactEmailRequired, 254).pipe(z.email(specTexts.contactEmailInvalid)),
  subject: safeText().max(300).trim().optional().default(''),
  businessName: safeText().max(200).trim().toLowerCase().default(''),
  ...antiSpamFields,
});
export type CreateForumBody = z.input<typeof createForumBody>;
export type CreateForumInput = z.output<typeof createForumBody>;

/** SPEC §7 fetchForums {pageNo, perPage, search} -> forums, count (§9: 12 per page). */
export const fetchForumsQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(limits.maxPerPage).default(limits.forumsLeadsPage),
  search: safeText().max(200).trim().optional().default(''),
});
export type FetchForumsQuery = z.input<typeof fetchForumsQuery>;

export const forumIdBody = z.object({ id: z.string().trim().max(200) });

/** SPEC §3 Forum message. */
export const forum = z.object({
  _id: z.string(),
  businessName: z.string(),
  name: z.string(),
  subject: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type Forum = z.infer<typeof forum>;
export const forumsPayload = z.object({ forums: z.array(forum), count: z.number() });
export type ForumsPayload = z.infer<typeof forumsPayload>;
