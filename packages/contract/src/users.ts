import { z } from 'zod';
import { limits } from './limits.ts';
import { boolQuery, pagingSchema } from './lists.ts';
import { safeText } from './text.ts';
import { templates, themes } from './themes.ts';

const name = safeText().max(200).trim().toLowerCase();

export const businessNameQuery = z.object({ businessName: name });
export type BusinessNameQuery = z.infer<typeof businessNameQuery>;

// SPEC §7 Public user fetchAll.
export const fetchAllUsersQuery = z.object({
  ...pagingSchema(limits.publicListingPage),
  businessName: name.optional(),
  isPrimeUser: boolQuery,
  /** Directory search (issue 10): business name (hyphens as spaces), owner name or description contain it. */
  searchQuery: z
    .string()
    .max(200)
    .transform((s) => s.replace(/\0/g, '').trim())
    .optional(),
});
export type FetchAllUsersQuery = z.infer<typeof fetchAllUsersQuery>;

export const fetchCategoriesQuery = z.object({ ...pagingSchema(limits.categoriesFetched), businessName: name });
export type FetchCategoriesQuery = z.infer<typeof fetchCategoriesQuery>;

/** SPEC §3 User profile as visitors see it: urls for logo, banners and about-us images. */
export const userProfile = z.object({
  businessName: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  domain: z.string().nullable(),
  template: z.string(),
  theme: z.string(),
  address: z.string(),
  phoneNo: z.string(),
  email: z.string(),
  description: z.string(),
  facebookLink: z.string(),
  instagramLink: z.string(),
  pinterestLink: z.string(),
  linkedInLink: z.string(),
  youtubeChannelLink: z.string(),
  websiteLink: z.string(),
  totalCatalogues: z.number(),
  isPrimeUser: z.boolean(),
  banners: z.array(z.string()),
  images: z.array(z.string()),
});
export type UserProfile = z.infer<typeof userProfile>;

export const userProfilesPayload = z.object({ userProfiles: z.array(userProfile), count: z.number() });
export const aboutUsPayload = z.object({ aboutUs: z.object({ images: z.array(z.string()), description: z.string() }) });
export const category = z.object({ category: z.string(), image: z.string().nullable() });
export type Category = z.infer<typeof category>;
export const categoriesPayload = z.object({ categories: z.array(category) });
export const homePayload = z.object({ home: z.object({ banners: z.array(z.string()) }) });
export const checkDomainPayload = z.object({ businessName: z.string() });
export const checkDomainViaBusinessPayload = z.object({ domain: z.string().nullable() });

// SPEC §3 Themes/Templates: only the listed values.
export const updateThemeBody = z.object({
  template: z.enum(templates, { error: 'Unknown template' }),
  theme: z.enum(themes, { error: 'Unknown theme' }),
});
export type UpdateThemeBody = z.infer<typeof updateThemeBody>;
export const themePayload = updateThemeBody;
