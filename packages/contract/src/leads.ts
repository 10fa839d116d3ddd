import { z } from 'zod';
import { antiSpamFields } from './anti-spam.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { safeText } from './text.ts';

const idField = z.string().trim().max(200);

// SPEC §5 Query form, in the order the form reports problems: email, name, phone, products.
const queryFields = {
  email: safeText({ error: messages.queryEmailRequired })
    .trim()
    .min(1, messages.queryEmailRequired)
    .max(320)
    .pipe(z.email(messages.contactEmailInvalid)),
  name: safeText({ error: messages.queryNameRequired }).trim().min(1, messages.queryNameRequired).max(200),
  // The phone may arrive as a number (SPEC §3 keeps phoneNo as a number); exactly 10 digits.
  phoneNo: z
    .union([z.string(), z.number()], { error: messages.queryPhoneInvalid })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{${limits.phoneLength}}$`), messages.queryPhoneInvalid)),
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
    .array(idField, { error: messages.queryProductsRequired })
    .max(1000)
    .transform((ids) => [...new Set(ids.filter(Boolean))])
    .refine((ids) => ids.length >= 1, messages.queryProductsRequired),
  ...antiSpamFields,
});
export type CatalogueLeadBody = z.input<typeof catalogueLeadBody>;
export type CatalogueLeadInput = z.output<typeof catalogueLeadBody>;

export const productLeadBody = z.object({
  ...queryFields,
  fkProductId: z.string({ error: messages.queryProductIdRequired }).trim().min(1, messages.queryProductIdRequired).max(200),
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
