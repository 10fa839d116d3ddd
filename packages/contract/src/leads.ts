import { z } from 'zod';
import { antiSpamFields } from './anti-spam-fields.ts';
import { limits } from './limits.ts';
import { specTexts } from './spec-texts.ts';
import { safeText } from './text.ts';

const idField = z.string().trim().max(200);

// SPEC §5 Query form, in the order the form reports problems: email, name, phone, products.
const queryFields = {
  email: safeText({ error: specTexts.queryEmailRequired })
    .trim()
    .min(1, specTexts.queryEmailRequired)
    .max(320)
    .pipe(z.email(specTexts.contactEmailInvalid)),
  name: safeText({ error: specTexts.queryNameRequired }).trim().min(1, specTexts.queryNameRequired).max(200),
  // The phone may arrive as a number (SPEC §3 keeps phoneNo as a number); exactly 10 digits.
  phoneNo: z
    .union([z.string(), z.number()], { error: specTexts.queryPhoneInvalid })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{${limits.phoneLength}}$`), specTexts.queryPhoneInvalid)),
  // Optional in the form; the storefront always sends it and the lead is resolved through it.
  businessName: safeText().trim().max(100).default(''),
  query: safeText()
    .max(5000)
    .trim()
    .nullish()
    .transform((s) => s ?? ''),
};

export const catalogueLeadBody = z.object({
  ...queryFields,
  fkCatalogueId: idField,
  /** The code of the private link the visitor opened a private catalogue with. */
  privateLink: z.string().trim().max(200).optional(),
  products: z
    .array(idField, { error: specTexts.queryProductsRequired })
    .max(1000)
    .transform((ids) => [...new Set(ids.filter(Boolean))])
    .refine((ids) => ids.length >= 1, specTexts.queryProductsRequired),
  ...antiSpamFields,
});
export type CatalogueLeadBody = z.input<typeof catalogueLeadBody>;
export type CatalogueLeadInput = z.output<typeof catalogueLeadBody>;

export const productLeadBody = z.object({
  ...queryFields,
  fkProductId: z.string({ error: specTexts.queryProductIdRequired }).trim().min(1, specTexts.queryProductIdRequired).max(200),
  /** The code of the private link the visitor opened a private product with. */
  privateLink: z.string().trim().max(200).optional(),
  ...antiSpamFields,
});
export type ProductLeadBody = z.input<typeof productLeadBody>;
export type ProductLeadInput = z.output<typeof productLeadBody>;

/** SPEC §3 Lead (product / catalogue). */
export const lead = z.object({
  _id: z.string(),
  name: z.string(),
  phoneNo: z.string(),
  email: z.string(),
  query: z.string(),
  createdAt: z.string(),
  fkProductId: z.string().nullable(),
  productName: z.string().nullable(),
  fkCatalogueId: z.string().nullable(),
  catalogueName: z.string().nullable(),
  products: z.array(z.string()),
});
export type Lead = z.infer<typeof lead>;
export const leadPayload = z.object({ lead });

export const leadTexts = {
  fetched: 'Leads fetched',
  deleted: 'Lead deleted',
  notFound: 'Lead not found',
  csvFileName: 'leads_data.csv',
  replyOnWhatsApp: 'Reply on WhatsApp',
  replyByMail: 'Reply by mail',
  newLead: 'New',
  seenLead: 'Seen',
} as const;

const searchQuery = safeText().trim().max(200).optional().default('');
const leadsPaging = {
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(limits.maxPerPage).default(limits.forumsLeadsPage),
};

/** SPEC §7 products fetchAllLeads {searchQuery, pageNo, fkProductId, perPage}. */
export const productLeadsQuery = z.object({ fkProductId: idField, searchQuery, ...leadsPaging });
/** SPEC §7 catalogues fetchAllLeads {fkCatalogueId, searchQuery, pageNo, perPage}. */
export const catalogueLeadsQuery = z.object({ fkCatalogueId: idField, searchQuery, ...leadsPaging });
/** SPEC §7 fetchAllProductsLeads / fetchAllCataloguesLeads {searchQuery, pageNo, perPage}. */
export const allLeadsQuery = z.object({ searchQuery, ...leadsPaging });
export type LeadsQuery = z.input<typeof allLeadsQuery> & { fkProductId?: string; fkCatalogueId?: string };
export const leadIdBody = z.object({ id: idField });
/** SPEC §7 downloadLeads {fkProductId} / {fkCatalogueId}: an empty value means all of that kind. */
export const downloadProductLeadsQuery = z.object({ fkProductId: idField.optional().default('') });
export const downloadCatalogueLeadsQuery = z.object({ fkCatalogueId: idField.optional().default('') });

/** A lead as the owner's lists show it: SPEC §3 fields, whether it is new, and the names of the products asked about. */
export const ownerLead = lead.extend({ isNew: z.boolean(), productNames: z.array(z.string()) });
export type OwnerLead = z.infer<typeof ownerLead>;
export const productLeadsPayload = z.object({ productLeads: z.array(ownerLead), productName: z.string(), count: z.number() });
export const catalogueLeadsPayload = z.object({ catalogueLeads: z.array(ownerLead), catalogueName: z.string(), count: z.number() });
export const allLeadsPayload = z.object({ leads: z.array(ownerLead), count: z.number() });
export type ProductLeadsPayload = z.infer<typeof productLeadsPayload>;
export type CatalogueLeadsPayload = z.infer<typeof catalogueLeadsPayload>;
export type AllLeadsPayload = z.infer<typeof allLeadsPayload>;

/** 'Reply on WhatsApp': a click-to-chat link to +91{phone} with a greeting naming what was asked about. */
export function whatsAppReplyUrl(
  l: Pick<OwnerLead, 'name' | 'phoneNo' | 'productName' | 'catalogueName' | 'productNames'>,
  displayName: string,
) {
  const about = l.catalogueName
    ? `your enquiry about our catalogue "${l.catalogueName}"${l.productNames.length ? ` (${l.productNames.join(', ')})` : ''}`
    : `your enquiry about "${l.productName ?? 'our product'}"`;
  const text = `Hello ${l.name}, thank you for ${about} on ${displayName}. `;
  return `https://wa.me/${limits.phonePrefix.replace('+', '')}${l.phoneNo}?text=${encodeURIComponent(text)}`;
}

/** 'Reply by mail': a mailto link with a subject naming what was asked about. */
export function mailReplyUrl(l: Pick<OwnerLead, 'name' | 'email' | 'productName' | 'catalogueName'>) {
  const subject = `Re: your enquiry about ${l.catalogueName ?? l.productName ?? 'our products'}`;
  return `mailto:${encodeURIComponent(l.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}
