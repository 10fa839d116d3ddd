import { specTexts } from '@stashblog/contract/spec-texts';

// SPEC §5 support form, checked on the page without shipping zod to it: Name, Message, Email in that
// order, subject optional. The server checks the same with the contract's `supportMailBody`
// (support-rules.test.ts keeps the two in agreement).
export type SupportValues = { name: string; subject: string; message: string; email: string };
export type SupportErrors = Partial<Record<keyof SupportValues, string>>;

// The contract's email check (zod's `z.email()` pattern).
const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Problems in SPEC order (the first is the one to announce); empty when the form may be sent. */
export function checkSupport(values: SupportValues): SupportErrors {
  const errors: SupportErrors = {};
  if (!values.name.trim()) errors.name = specTexts.contactNameRequired;
  if (!values.message.trim()) errors.message = specTexts.contactMessageRequired;
  const email = values.email.trim();
  if (!email) errors.email = specTexts.contactEmailRequired;
  else if (!emailPattern.test(email)) errors.email = specTexts.contactEmailInvalid;
  return errors;
}

/** What the form sends (trimmed), without the anti-spam fields. */
export function supportBody(values: SupportValues): SupportValues {
  return { name: values.name.trim(), subject: values.subject.trim(), message: values.message.trim(), email: values.email.trim() };
}
