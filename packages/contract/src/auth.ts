import { z } from 'zod';
import { specTexts } from './spec-texts.ts';
import { safeText } from './text.ts';

// SPEC §5 Sign in: password arrives trimmed and base64-encoded.
export const logInBody = z.object({
  email: safeText({ error: specTexts.signInEmailRequired }).trim().min(1, specTexts.signInEmailRequired).max(320),
  password: z.string({ error: specTexts.signInPasswordRequired }).min(1, specTexts.signInPasswordRequired),
});
export type LogInBody = z.infer<typeof logInBody>;

/** Passwords: at least this many characters once decoded and trimmed (change password, sign-up, CLI). */
export const passwordMinLength = 8;
export const authTexts = {
  passwordTooShort: `Password must be at least ${passwordMinLength} characters`,
} as const;

export const changePasswordBody = z.object({
  password: z.string({ error: specTexts.currentPasswordRequired }).min(1, specTexts.currentPasswordRequired),
  newPassword: z.string({ error: specTexts.newPasswordRequired }).min(1, specTexts.newPasswordRequired),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

// ---- mailed account links (issue 20): password reset and the confirmation of a new sign-in email ----

/** A password-reset link works once, for this long. */
export const passwordResetTtlMinutes = 30;
/** A new sign-in email's confirmation link works once, for this long. */
export const emailChangeTtlHours = 24;

export const accountTexts = {
  // Forgot password: one answer whether or not an account exists (and when a limit was reached).
  resetRequested: 'If an account exists for that address, we have sent a link to reset its password.',
  resetSubject: 'Reset your StashBlog password',
  resetBody: (name: string, link: string) =>
    `Hello ${name},\n\nSomeone (we hope you) asked to reset the password of your StashBlog account. Open this link to choose a new one:\n\n${link}\n\nThe link works once and expires in ${passwordResetTtlMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
  resetLinkMissing: 'This password reset link is incomplete. Ask for a new one.',
  resetLinkInvalid: 'This password reset link is not valid. Ask for a new one.',
  resetLinkUsed: 'This password reset link has already been used. Ask for a new one if you still need it.',
  resetLinkExpired: `This password reset link has expired (links work for ${passwordResetTtlMinutes} minutes). Ask for a new one.`,
  passwordReset: 'Your password has been reset. Sign in with your new password.',
  // Changing the sign-in email from the profile.
  emailPasswordRequired: 'Enter your current password to change the sign-in email',
  emailPasswordWrong: 'Current password is incorrect: the sign-in email was not changed',
  emailChangeSubject: 'Confirm your new StashBlog sign-in email',
  emailChangeBody: (name: string, displayName: string, link: string) =>
    `Hello ${name},\n\nOpen this link to make this address the sign-in email of the StashBlog business "${displayName}":\n\n${link}\n\nThe link works once and expires in ${emailChangeTtlHours} hours. Until it is opened, the sign-in email stays as it was. If you did not ask for this, ignore this mail.`,
  emailNoticeSubject: 'Your StashBlog sign-in email is being changed',
  emailNoticeBody: (name: string, displayName: string, newEmail: string) =>
    `Hello ${name},\n\nSomeone signed in to the StashBlog business "${displayName}" asked to change its sign-in email to ${newEmail}. The change takes effect only when the link sent to that address is opened.\n\nIf this was not you, change your password now (Settings, Change Password) or reset it from the sign-in page: that keeps the address as it is.`,
  emailChangeSent: (email: string) => `Profile updated. Open the link we sent to ${email} to make it your sign-in email.`,
  emailPending: (email: string) => `Pending confirmation at ${email}`,
  emailConfirmed: (email: string) => `Your sign-in email is now ${email}`,
  emailLinkMissing: 'This confirmation link is incomplete.',
  emailLinkInvalid: 'This confirmation link is not valid.',
  emailLinkUsed: 'This confirmation link has already been used.',
  emailLinkExpired: `This confirmation link has expired (links work for ${emailChangeTtlHours} hours). Change the email on your profile again to get a new one.`,
} as const;

const linkToken = z.string().max(200).default('');

export const requestPasswordResetBody = z.object({
  email: safeText({ error: specTexts.signInEmailRequired }).trim().min(1, specTexts.signInEmailRequired).max(320),
});
export type RequestPasswordResetBody = z.infer<typeof requestPasswordResetBody>;

export const passwordResetLinkBody = z.object({ token: linkToken });
export type PasswordResetLinkBody = z.infer<typeof passwordResetLinkBody>;

/** The new password arrives trimmed and encoded, as in Change Password (SPEC §5). */
export const resetPasswordBody = z.object({
  token: linkToken,
  newPassword: z.string({ error: specTexts.newPasswordRequired }).min(1, specTexts.newPasswordRequired).max(1000),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const confirmEmailBody = z.object({ token: linkToken });
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;
export const confirmEmailPayload = z.object({ email: z.string() });

export const sessionUser = z.object({
  name: z.string(),
  email: z.string(),
  logo: z.string().nullable(),
  businessName: z.string(),
  displayName: z.string(),
  domain: z.string().nullable(),
  theme: z.string(),
  template: z.string(),
  isAllProductsActive: z.boolean(),
  isAllCataloguesActive: z.boolean(),
  isBlocked: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** SPEC §5: passwords are trimmed and encoded before sending. */
export function encodePassword(password: string): string {
  const bytes = new TextEncoder().encode(password.trim());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function decodePassword(encoded: string): string | null {
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
