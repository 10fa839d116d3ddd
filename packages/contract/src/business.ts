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
  .min(3, 'Business name must be at least 3 characters')
  .max(60, 'Business name must be at most 60 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Business name may use lowercase letters, digits and single hyphens only')
  .refine((n) => !(reservedBusinessNames as readonly string[]).includes(n.toLowerCase()), 'That business name is reserved');

export const createBusinessInput = z.object({
  businessName: businessNameSchema,
  name: safeText().trim().min(1, 'Name required!').max(200),
  email: z.email('Enter a valid email'),
  password: z.string().min(8, 'Password must be at least 8 characters'),
});
export type CreateBusinessInput = z.input<typeof createBusinessInput>;
