import { z } from 'zod';
import { displayNameSchema } from './business.ts';
import { limits } from './limits.ts';
import { isWebLink, linkInvalid } from './links.ts';
import { boolQuery, pagingSchema } from './lists.ts';
import { preSignedUrl } from './products.ts';
import { specTexts } from './spec-texts.ts';
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
  /** Directory search (issue 10): display name, business name (hyphens as spaces), owner name or description contain it. */
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
  /** The name as the owner writes it, shown as is wherever the business is named (decision 047). */
  displayName: z.string(),
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

/** countCapped: more profiles than searchCountCap (count is then the cap; decision 058). */
export const userProfilesPayload = z.object({ userProfiles: z.array(userProfile), count: z.number(), countCapped: z.boolean().optional() });
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

// ---- owner's profile (SPEC §7 Admin user fetchDetails / updateDetails) ----

/** SPEC §3 User profile as its owner sees it: the visitor view plus the owner-only flags. */
export const userDetails = userProfile.extend({
  isBlocked: z.boolean(),
  isAllProductsActive: z.boolean(),
  isAllCataloguesActive: z.boolean(),
  /** A new sign-in email waiting for its confirmation link to be opened (null when none is pending). */
  pendingEmail: z.string().nullable(),
});
export type UserDetails = z.infer<typeof userDetails>;
export const userDetailsPayload = z.object({ userData: userDetails });

/** The six social links of SPEC §3, in the order the profile form shows them. */
export const socialLinkFields = [
  { key: 'facebookLink', label: 'Facebook' },
  { key: 'instagramLink', label: 'Instagram' },
  { key: 'youtubeChannelLink', label: 'YouTube' },
  { key: 'pinterestLink', label: 'Pinterest' },
  { key: 'linkedInLink', label: 'LinkedIn' },
  { key: 'websiteLink', label: 'Website' },
] as const;
export type SocialLinkKey = (typeof socialLinkFields)[number]['key'];

// Text fields arrive as any text (control characters dropped, trimmed); the SPEC §5 order is checked
// by profileDetailsError.
const anyText = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .pipe(safeText().trim().max(max, `At most ${max} characters`));
/** A field SPEC §5 requires on save: missing is the same as empty (and refused by profileDetailsError). */
const text = (max: number) => anyText(max).default('');
/** An optional field: missing keeps what is stored, '' clears it (issue 20). */
const optionalText = (max: number) => anyText(max).optional();
/** An optional image list: missing keeps what is stored, [] removes every image (issue 20). */
const imageList = (max: number) =>
  z
    .array(safeText().trim().max(500))
    .max(max, specTexts.imagesMax(max))
    .transform((list) => list.filter(Boolean))
    .optional();

/**
 * PUT updateDetails. Every optional field (the display name too) the call does not carry stays as it is; only an explicit
 * value changes it ('' clears a text or the logo, [] removes every banner or about-us image).
 * `logo`: the current logo url to keep it, a new file name to upload one, '' for none.
 * `banners` / `images`: in display order, current urls to keep and new file names to upload.
 * `email` is also the sign-in email. A different one is not saved here: with `password` (the current
 * password, trimmed and encoded as in Change Password) a confirmation link goes to the new address,
 * and the sign-in email changes when it is opened. The password rides along with the profile's own
 * Save (rather than a separate changeEmail call) so the form keeps one Save button and one request.
 */
export const updateDetailsBody = z.object({
  displayName: displayNameSchema.optional(),
  logo: optionalText(500),
  email: text(254),
  password: z.string().max(1000).optional(),
  address: text(500),
  phoneNo: text(40),
  description: optionalText(5000),
  facebookLink: optionalText(500),
  instagramLink: optionalText(500),
  youtubeChannelLink: optionalText(500),
  pinterestLink: optionalText(500),
  linkedInLink: optionalText(500),
  websiteLink: optionalText(500),
  banners: imageList(limits.maxBanners),
  images: imageList(limits.maxAboutUsImages),
});
export type UpdateDetailsInput = z.input<typeof updateDetailsBody>;
export type UpdateDetailsBody = z.output<typeof updateDetailsBody>;

/** SPEC §5 Profile save, in order: email, address, contact required, contact exactly 10; then link and email shape. */
export function profileDetailsError(v: Pick<UpdateDetailsBody, 'email' | 'address' | 'phoneNo' | SocialLinkKey>): string | null {
  if (!v.email.trim()) return specTexts.profileEmailRequired;
  if (!v.address.trim()) return specTexts.profileAddressRequired;
  if (!v.phoneNo.trim()) return specTexts.profileContactRequired;
  if (v.phoneNo.trim().length !== limits.phoneLength || !/^\d+$/.test(v.phoneNo.trim())) return specTexts.profileContactInvalid;
  if (!z.email().safeParse(v.email.trim()).success) return specTexts.contactEmailInvalid;
  for (const { key, label } of socialLinkFields) {
    const link = (v[key] ?? '').trim();
    if (link && !isWebLink(link)) return linkInvalid(label);
  }
  return null;
}

export const updateDetailsResult = z.object({
  userData: userDetails,
  logoPreSignedUrl: preSignedUrl.nullable(),
  newHomeBannersPreSignedUrls: z.array(preSignedUrl),
  newAboutUsImagesPreSignedUrls: z.array(preSignedUrl),
  /** Set when this save asked for a new sign-in email: the address the confirmation link went to. */
  emailConfirmationSentTo: z.string().nullable(),
});
export type UpdateDetailsResult = z.infer<typeof updateDetailsResult>;

/** GET fetchCategories (owner): every category of the owner's products, private ones included. */
export const adminCategoriesQuery = z.object({ ...pagingSchema(limits.categoriesFetched) });
export type AdminCategoriesQuery = z.infer<typeof adminCategoriesQuery>;

/** PUT setFCMT {token}: the SPEC's push token; on the web a JSON-encoded PushSubscription ('' forgets it). */
export const setFcmtBody = z.object({ token: safeText().max(4000).default('') });
export type SetFcmtBody = z.infer<typeof setFcmtBody>;

// Our own wording for the owner's profile calls (SPEC does not spell these out).
export const profileTexts = {
  detailsUpdated: 'Profile updated',
  emailTaken: 'This email already belongs to another business',
  pushSaved: 'Notifications enabled',
  pushCleared: 'Notifications turned off',
  pushEndpointRefused: 'This push service is not allowed',
} as const;

/**
 * Settings tiles "All products" / "All catalogues" (issue 20, decision 036): a switch above each item's own
 * Public/Private setting. Switching off asks first and says what visitors will see; switching on does not ask.
 */
export const storeSwitchTexts = {
  title: (noun: 'products' | 'catalogues') => `All ${noun}`,
  on: (noun: 'products' | 'catalogues') => `Visitors see every ${noun === 'products' ? 'product' : 'catalogue'} you marked Public.`,
  off: (noun: 'products' | 'catalogues') =>
    `Hidden: visitors see none of your ${noun}. Each keeps its own Public/Private setting; private links still work.`,
  loading: 'Loading…',
  switchLabel: (noun: 'products' | 'catalogues') => `All ${noun} active`,
  turnOff: (noun: 'products' | 'catalogues') => `Deactivate all ${noun}`,
  turnOn: (noun: 'products' | 'catalogues') => `Activate all ${noun}`,
  confirmOff: (noun: 'products' | 'catalogues') =>
    `Visitors will no longer see any of your ${noun}. Each ${noun === 'products' ? 'product' : 'catalogue'} keeps its own Public/Private setting and comes back as it was when you switch this on again.`,
  confirmOffYes: (noun: 'products' | 'catalogues') => `Hide all ${noun}`,
  confirmOffNo: 'Keep showing',
  /** Under the owner's list of that kind while the switch is off. */
  listNotice: (noun: 'products' | 'catalogues') =>
    `All ${noun} is switched off: visitors see none of your ${noun}, whatever each one's Public/Private setting says.`,
  listNoticeLink: 'Open Settings',
} as const;
