import { z } from 'zod';
import { messages } from './messages.ts';
import { safeText } from './text.ts';

// SPEC §5 Sign in: password arrives trimmed and base64-encoded.
export const logInBody = z.object({
  email: safeText({ error: messages.signInEmailRequired }).trim().min(1, messages.signInEmailRequired).max(320),
  password: z.string({ error: messages.signInPasswordRequired }).min(1, messages.signInPasswordRequired),
});
export type LogInBody = z.infer<typeof logInBody>;

/** Passwords: at least this many characters once decoded and trimmed (change password, sign-up, CLI). */
export const passwordMinLength = 8;
export const authTexts = {
  passwordTooShort: `Password must be at least ${passwordMinLength} characters`,
} as const;

export const changePasswordBody = z.object({
  password: z.string({ error: messages.currentPasswordRequired }).min(1, messages.currentPasswordRequired),
  newPassword: z.string({ error: messages.newPasswordRequired }).min(1, messages.newPasswordRequired),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const sessionUser = z.object({
  name: z.string(),
  email: z.string(),
  logo: z.string().nullable(),
  businessName: z.string(),
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
