import { z } from 'zod';
import { businessNameSchema, displayNameSchema } from './business.ts';
import { decodeId } from './ids.ts';
import { limits } from './limits.ts';
import { type Plan, plans } from './platform.ts';
import { safeText } from './text.ts';

// Self sign-up from /getStarted/{planType} and the /signIn Sign up tab. Not in SPEC beyond the
// 'Tell Us About You' fields; texts here are our own.
export const onboardingTexts = {
  nameTaken: 'That site address is already taken',
  nameAvailable: 'Site address is available',
  emailTaken: 'An account with this email already exists, please sign in',
  passwordShort: 'Password must be at least 8 characters',
  passwordRequired: 'Password required!',
  businessNameRequired: 'Site address required!',
  /** Under the site address field: where the store will be, as the owner types. */
  siteAddressLabel: 'Site address',
  siteAddressHint: 'Lowercase letters, digits and hyphens; made from your business name until you change it.',
  planRequired: 'Choose a plan',
  phoneInvalid: 'Enter correct phoneno!',
  checkEmail: (email: string) => `We sent a verification link to ${email}. Open it to finish creating your site.`,
  verifySubject: 'Verify your email for StashBlog',
  verifyBody: (name: string, link: string) =>
    `Hello ${name},\n\nOpen this link to verify your email and open your StashBlog admin area:\n\n${link}\n\nThe link works once and expires in 48 hours. If you did not sign up, ignore this mail.`,
  linkInvalid: 'This verification link is invalid or has expired',
  linkUsed: 'This email is already verified, please sign in',
  emailNotVerified: 'Please verify your email first: open the link we sent you',
  verified: 'Email verified, welcome to StashBlog!',
  resent: 'If an unverified account exists for this email, a new link is on its way',
} as const;

export const verificationTtlHours = 48;

/** /getStarted/{planType}: base64 of a JSON string such as 'Pro-Plan' (SPEC §2); the plan it names, or null. */
export function planFromPlanType(planType: string): Plan | null {
  const raw = decodeId(planType) ?? planType;
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/-?plan$/, '')
      .replace(/plus/, '+')
      .replace(/[^a-z+]/g, '');
  return plans.find((p) => key(p) === key(raw)) ?? null;
}

export const businessNameQuery = z.object({ businessName: z.string().max(200).default('') });
export const businessNameCheck = z.object({ available: z.boolean(), businessName: z.string(), reason: z.string().nullable() });
export type BusinessNameCheck = z.infer<typeof businessNameCheck>;

export const signUpBody = z.object({
  plan: z.enum(plans, { error: onboardingTexts.planRequired }),
  name: z.string({ error: 'Name is required!' }).trim().min(1, 'Name is required!').max(120),
  email: z.string({ error: 'Email is required!' }).trim().min(1, 'Email is required!').max(254).pipe(z.email('Enter a valid email')),
  phoneNo: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || new RegExp(`^\\d{${limits.phoneLength}}$`).test(v), onboardingTexts.phoneInvalid),
  address: z.string().trim().max(500).default(''),
  businessName: z.string({ error: onboardingTexts.businessNameRequired }).max(200),
  /** The business name as the owner writes it (decision 047); `businessName` is its site address. */
  displayName: displayNameSchema,
  // trimmed and base64-encoded like every password (SPEC §5); at least 8 characters once decoded
  password: z.string({ error: onboardingTexts.passwordRequired }).min(1, onboardingTexts.passwordRequired).max(1000),
});
export type SignUpBody = z.input<typeof signUpBody>;
export const signUpPayload = z.object({ businessName: z.string(), email: z.string() });

export const verifyEmailBody = z.object({ token: z.string().max(500).default('') });
export const verifyEmailPayload = z.object({ authorization: z.string(), businessName: z.string() });
export const resendBody = z.object({ email: safeText().trim().max(254).default('') });

/** The business-name rule the live check and sign-up share (format and reserved words; uniqueness is the server's). */
export function businessNameProblem(name: string): string | null {
  if (!name.trim()) return onboardingTexts.businessNameRequired;
  const parsed = businessNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid business name');
}

export const checklistPayload = z.object({
  logo: z.boolean(),
  product: z.boolean(),
  catalogue: z.boolean(),
  theme: z.boolean(),
  plan: z.string(),
  emailVerified: z.boolean(),
});
export type Checklist = z.infer<typeof checklistPayload>;
