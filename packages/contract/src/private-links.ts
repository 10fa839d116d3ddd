import { z } from 'zod';
import { catalogue } from './catalogues.ts';
import { limits } from './limits.ts';
import { pagingSchema } from './lists.ts';
import { privateLinkTexts } from './private-link-texts.ts';
import { product } from './products.ts';
import { specTexts } from './spec-texts.ts';
import { safeText } from './text.ts';

// SPEC §3/§5/§9 private links: expiring share links for private products and catalogues.

export const expiryUnits = ['Hours', 'Days', 'Weeks'] as const;
export type ExpiryUnit = (typeof expiryUnits)[number];
const unitMs: Record<ExpiryUnit, number> = { Hours: 3600_000, Days: 86_400_000, Weeks: 7 * 86_400_000 };

/** When a link made now with this duration expires. */
export function expiryFrom(now: Date, { unit, amount }: { unit: ExpiryUnit; amount: number }): Date {
  return new Date(now.getTime() + amount * unitMs[unit]);
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const privateLinkCodePattern = new RegExp(`^[A-Za-z0-9]{${limits.privateLinkCodeLength}}$`);

/**
 * SPEC §5 random code generator: 20 alphanumeric characters from the platform CSPRNG
 * (crypto.getRandomValues, in browsers and Node). Rejection sampling keeps every character equally likely.
 */
export function generatePrivateLinkCode(length: number = limits.privateLinkCodeLength): string {
  let code = '';
  const bytes = new Uint8Array(64);
  while (code.length < length) {
    globalThis.crypto.getRandomValues(bytes);
    for (const b of bytes) {
      if (b < 248 && code.length < length) code += alphabet[b % alphabet.length];
    }
  }
  return code;
}

const idField = z.string().trim().max(100).default('');

/** The code as typed or generated: required on create and update, 20 letters or digits. */
const codeField = safeText({ error: specTexts.privateLinkRequired })
  .max(200)
  .trim()
  .min(1, specTexts.privateLinkRequired)
  .regex(privateLinkCodePattern, privateLinkTexts.codeInvalid);

/** SPEC §5 duration: Hours 1-23, Days 1-7, Weeks 1-4. The server turns it into linkExpiresAt. */
export const expiryDuration = z
  .object(
    {
      unit: z.enum(expiryUnits, { error: specTexts.privateLinkDurationRequired }),
      amount: z.coerce.number({ error: specTexts.privateLinkDurationRequired }).int(privateLinkTexts.durationInvalid),
    },
    { error: specTexts.privateLinkDurationRequired },
  )
  .refine((d) => d.amount >= limits.expiry[d.unit].min && d.amount <= limits.expiry[d.unit].max, {
    message: privateLinkTexts.durationInvalid,
  });
export type ExpiryDuration = z.infer<typeof expiryDuration>;

const multiUsers = z.boolean().default(false);

// Key order is the order the form reports problems in (SPEC §5: code first, then duration).
export const generateProductLinkBody = z.object({
  fkProductId: idField,
  privateLink: codeField,
  /** A duration; the link expires that long after it is created. */
  linkExpiresAt: expiryDuration,
  allowMultipleUsers: multiUsers,
});
export const generateCatalogueLinkBody = z.object({
  fkCatalogueId: idField,
  privateLink: codeField,
  linkExpiresAt: expiryDuration,
  allowMultipleUsers: multiUsers,
});

/**
 * Update: the code; the multi-user flag, when given (absent keeps it, issue 20); a duration, when given, renews the
 * expiry from now.
 */
export const updatePrivateLinkBody = z.object({
  id: idField,
  privateLink: codeField,
  linkExpiresAt: expiryDuration.optional(),
  allowMultipleUsers: z.boolean().optional(),
});
export type UpdatePrivateLinkBody = z.output<typeof updatePrivateLinkBody>;

export const privateLinkIdQuery = z.object({ id: idField });

/** DELETE: one link by id, or every link of the item. */
export const deleteProductLinkBody = z.object({ id: idField.optional(), fkProductId: idField.optional() });
export const deleteCatalogueLinkBody = z.object({ id: idField.optional(), fkCatalogueId: idField.optional() });

const searchQuery = safeText().trim().max(200).optional();
export const fetchAllProductLinksQuery = z.object({
  ...pagingSchema(limits.adminListPage),
  fkProductId: idField,
  searchQuery,
});
export const fetchAllCatalogueLinksQuery = z.object({
  ...pagingSchema(limits.adminListPage),
  fkCatalogueId: idField,
  searchQuery,
});

/** SPEC §3 private link, as the owner sees it. `isBound`: a single-user link has been opened by its device. */
export const privateLink = z.object({
  _id: z.string(),
  privateLink: z.string(),
  linkExpiresAt: z.string(),
  allowMultipleUsers: z.boolean(),
  visits: z.number(),
  linkViewed: z.boolean(),
  isBound: z.boolean(),
  fkProductId: z.string().nullable(),
  fkCatalogueId: z.string().nullable(),
  createdAt: z.string(),
});
export type PrivateLink = z.infer<typeof privateLink>;

export const privateLinkPayload = z.object({ privateLink, itemName: z.string() });
export type PrivateLinkPayload = z.infer<typeof privateLinkPayload>;
export const privateLinkList = z.object({ privateLinks: z.array(privateLink), count: z.number(), itemName: z.string() });
export type PrivateLinkList = z.infer<typeof privateLinkList>;
export const privateLinksDeleted = z.object({ deleted: z.number() });

// ---- public (visitor) calls ----
const businessNameField = z.string().trim().min(1).max(100);
const publicCode = safeText().trim().max(200).default('');
const fingerPrintField = safeText().trim().max(200).nullish();

export const openPrivateLinkQuery = z.object({ businessName: businessNameField, privateLink: publicCode, fingerPrint: fingerPrintField });
export type OpenPrivateLinkQuery = z.output<typeof openPrivateLinkQuery>;
export const privateLinkVisitsBody = z.object({ businessName: businessNameField, privateLink: publicCode });
export const linkViewedBody = z.object({
  businessName: businessNameField,
  privateLink: publicCode,
  linkViewed: z.boolean().default(true),
  fingerPrint: fingerPrintField,
});

export const privateProductPayload = z.object({ product, linkExpiresAt: z.string() });
export type PrivateProductPayload = z.infer<typeof privateProductPayload>;
/** The catalogue with its products (every unblocked member, in catalogue order), since visitors cannot page a private catalogue. */
export const privateCataloguePayload = z.object({ catalogue, products: z.array(product), count: z.number(), linkExpiresAt: z.string() });
export type PrivateCataloguePayload = z.infer<typeof privateCataloguePayload>;
export const linkViewedPayload = z.object({ linkViewed: z.boolean() });
export const linkVisitsPayload = z.object({ counted: z.boolean() });

/** SPEC §2 private link shape: {business domain or default host}/{businessName}/privateLink?pq=… (no businessName on the own domain). */
export function privateLinkUrl({
  kind,
  code,
  businessName,
  domain,
  origin,
}: {
  kind: 'product' | 'catalogue';
  code: string;
  businessName: string;
  domain: string | null | undefined;
  origin: string;
}): string {
  const query = `${kind === 'product' ? 'pq' : 'cq'}=${encodeURIComponent(code)}`;
  if (domain) {
    const scheme = origin.startsWith('https:') ? 'https' : 'http';
    return `${scheme}://${domain}/privateLink?${query}`;
  }
  return `${origin}/${businessName}/privateLink?${query}`;
}
