import { z } from 'zod';
import { messages } from './messages.ts';

const noNul = (s: string) => s.replace(/\0/g, '');
const required = (message: string, max: number) =>
  z.string({ error: message }).transform(noNul).pipe(z.string().trim().min(1, message).max(max));

// SPEC §5 Support and contact forms: Name, Message, Email checked in that order (key order here is
// the order problems are reported in); subject optional.
export const createForumBody = z.object({
  name: required(messages.contactNameRequired, 200),
  message: required(messages.contactMessageRequired, 5000),
  email: required(messages.contactEmailRequired, 254).pipe(z.email(messages.contactEmailInvalid)),
  subject: z
    .string()
    .max(300)
    .transform((s) => noNul(s).trim())
    .optional()
    .default(''),
  businessName: z
    .string()
    .max(200)
    .transform((s) => noNul(s).trim().toLowerCase())
    .default(''),
});
export type CreateForumBody = z.input<typeof createForumBody>;
export type CreateForumInput = z.output<typeof createForumBody>;
