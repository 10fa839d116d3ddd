import { z } from 'zod';
import { safeText } from './text.ts';

// businessName: the tenant's URL segment. Lowercase letters, digits and single hyphens; words
// that are our own top-level routes are refused (DESIGN.md Tenancy).
export const reservedBusinessNames = [
  'home',
  'showcases',
  'support',
  'getstarted',
  'terms&conditions',
  'privacypolicy',
  'faq',
  'aboutus',
  'pricing',
  'signin',
  'useradmin',
  'api',
  'assets',
  'media',
  'search',
  'temp',
  'error_404_not_found',
  'healthz',
  'products',
  'catalogues',
  'contactus',
  'privatelink',
  'directory',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'admin',
  'static',
  'public',
  'docs',
  'platform',
  'verifyemail',
  'forgotpassword',
  'resetpassword',
  'confirmemail',
  '.well-known',
] as const;

export const businessNameSchema = z
  .string()
  .trim()
  .min(3, 'Site address must be at least 3 characters')
  .max(60, 'Site address must be at most 60 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Site address may use lowercase letters, digits and single hyphens only')
  .refine((n) => !(reservedBusinessNames as readonly string[]).includes(n.toLowerCase()), 'That site address is reserved');

/**
 * What a site address can keep of what the owner types or of their business name: lowercase letters and
 * digits; spaces, dots, slashes and underscores become single hyphens, anything else is dropped
 * ("Meera's Crafts & Co." → 'meeras-crafts-co'). `typing`: a trailing hyphen stays, so the owner can type
 * the next word.
 */
export function toBusinessName(text: string, { typing = false } = {}): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s._/\\]+/g, '-')
    .replace(/[^a-z0-9-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+/, '')
    .slice(0, 60);
  return typing ? slug : slug.replace(/-+$/, '');
}

export const displayNameTexts = {
  label: 'Business name',
  required: 'Business name required!',
  tooLong: (max: number) => `Business name must be at most ${max} characters`,
} as const;
export const displayNameMax = 80;

/** The business name as its owner writes it (decision 047): shown exactly so, runs of spaces made one. */
export const displayNameSchema = safeText({ error: displayNameTexts.required })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, displayNameTexts.required).max(displayNameMax, displayNameTexts.tooLong(displayNameMax)));

/** The display name a business gets when none is given: its URL name capitalised word by word. */
export function displayNameFromBusinessName(businessName: string): string {
  return businessName
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export const createBusinessInput = z.object({
  businessName: businessNameSchema,
  /** Missing: the business name capitalised word by word. */
  displayName: displayNameSchema.optional(),
  name: safeText().trim().min(1, 'Name required!').max(200),
  email: z.email('Enter a valid email'),
  password: z.string().min(8, 'Password must be at least 8 characters'),
});
export type CreateBusinessInput = z.input<typeof createBusinessInput>;
