import { z } from 'zod';
import { antiSpamFields } from './anti-spam-fields.ts';
import { specTexts } from './spec-texts.ts';
import { safeText } from './text.ts';

const required = (message: string, max: number) => safeText({ error: message }).trim().min(1, message).max(max);
const optionalText = (max: number) =>
  safeText()
    .max(max)
    .trim()
    .nullish()
    .transform((s) => s ?? '');

// SPEC §5 Support and contact forms: Name, Message, Email checked in that order (the key order is
// the order problems are reported in); subject optional. Anti-spam fields come last.
const contactFields = {
  name: required(specTexts.contactNameRequired, 200),
  message: required(specTexts.contactMessageRequired, 5000),
  email: required(specTexts.contactEmailRequired, 254).pipe(z.email(specTexts.contactEmailInvalid)),
  subject: optionalText(300),
};

/** SPEC §7 POST /mail/sendSupportMail {name, subject, message, email}: the marketing support form. */
export const supportMailBody = z.object({ ...contactFields, ...antiSpamFields });
export type SupportMailBody = z.input<typeof supportMailBody>;
export type SupportMailInput = z.output<typeof supportMailBody>;

/**
 * SPEC §7 POST /mail/sendMail (body not shown in SPEC): a visitor's mail to one business's owner.
 * The recipient is always the owner of `businessName` (never an address the caller chooses), and
 * the message is stored in the owner's Forum list first, so nothing sent is lost.
 */
export const sendMailBody = z.object({
  ...contactFields,
  businessName: safeText().max(200).trim().toLowerCase().default(''),
  ...antiSpamFields,
});
export type SendMailBody = z.input<typeof sendMailBody>;
export type SendMailInput = z.output<typeof sendMailBody>;

export const mailTexts = {
  supportSent: 'Message sent successfully',
  mailSent: 'Mail sent successfully',
} as const;
