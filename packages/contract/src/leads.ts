import { z } from 'zod';
import { antiSpamFields } from './anti-spam.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

const noNul = (s: string) => s.replace(/\0/g, '');
const idField = z.string().trim().max(200);

// SPEC §5 Query form, in the order the form reports problems: email, name, phone, products.
const queryFields = {
  email: z
    .string({ error: messages.queryEmailRequired })
    .transform(noNul)
    .pipe(z.string().trim().min(1, messages.queryEmailRequired).max(320).pipe(z.email(messages.contactEmailInvalid))),
  name: z
    .string({ error: messages.queryNameRequired })
    .transform(noNul)
    .pipe(z.string().trim().min(1, messages.queryNameRequired).max(200)),
  // The phone may arrive as a number (SPEC §3 keeps phoneNo as a number); exactly 10 digits.
  phoneNo: z
    .union([z.string(), z.number()], { error: messages.queryPhoneInvalid })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{${limits.phoneLength}}$`), messages.queryPhoneInvalid)),
  // Optional in the form; the storefront always sends it and the lead is resolved through it.
  businessName: z.string().trim().max(100).transform(noNul).default(''),
  query: z
    .string()
    .max(5000)
    .transform((s) => noNul(s).trim())
    .nullish()
    .transform((s) => s ?? ''),
};

export const catalogueLeadBody = z.object({
  ...queryFields,
  fkCatalogueId: idField,
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
