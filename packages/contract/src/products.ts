import { z } from 'zod';
import { limits } from './limits.ts';
import { boolQuery, pagingSchema, sortSchema } from './lists.ts';
import { messages } from './messages.ts';

// SPEC §5: tags, disclaimers and specifications ignore duplicates and empties; tags are lowercased.
function cleanList(lower: boolean) {
  return z
    .array(z.string())
    .default([])
    .transform((items) => {
      const seen = new Set<string>();
      for (const raw of items) {
        const item = lower ? raw.trim().toLowerCase() : raw.trim();
        if (item) seen.add(item);
      }
      return [...seen];
    });
}

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);
const optionalNumber = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : v),
  z.coerce.number().min(0).max(1e10).optional(),
);

// Key order is the order the form reports problems in (SPEC §5 lists category first).
export const productInput = z.object({
  category: requiredText(messages.productCategoryRequired).pipe(z.string().max(80)),
  productName: requiredText(messages.productNameRequired).pipe(z.string().max(200)),
  description: requiredText(messages.productDescriptionRequired).pipe(z.string().max(10_000)),
  itemNo: z.string().trim().max(80).optional().default(''),
  images: z.array(z.string().trim().min(1).max(500)).max(limits.maxProductImages, messages.imagesMax(limits.maxProductImages)).default([]),
  specifications: cleanList(false),
  disclaimers: cleanList(false),
  tags: cleanList(true),
  totalUnits: optionalNumber.pipe(z.number().int().optional()),
  pricePerUnit: optionalNumber,
  link: z.string().trim().max(500).optional().default(''),
});
export type ProductInput = z.input<typeof productInput>;
export type ProductInputParsed = z.output<typeof productInput>;

export const idBody = z.object({ id: z.string().trim().min(1) });
export const updateProductBody = productInput.extend({ id: z.string().trim().min(1) });

export const product = z.object({
  _id: z.string(),
  businessName: z.string(),
  productName: z.string(),
  itemNo: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  images: z.array(z.string()),
  specifications: z.array(z.string()),
  disclaimer: z.array(z.string()),
  pricePerUnit: z.number().nullable(),
  totalUnits: z.number().nullable(),
  link: z.string(),
  isPublic: z.boolean(),
  isPromoted: z.boolean(),
  promoted: z.boolean(),
  isBlocked: z.boolean(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof product>;

export const preSignedUrl = z.object({ image: z.string(), url: z.string() });
export type PreSignedUrl = z.infer<typeof preSignedUrl>;

export const adminFetchAllQuery = z.object({
  ...pagingSchema(limits.adminListPage),
  isPromoted: boolQuery,
  productName: z.string().trim().max(200).optional(),
  category: z.string().trim().max(80).optional(),
  tags: z.union([z.string(), z.array(z.string())]).optional(),
  sort: sortSchema,
});

export const fetchCategoriesQuery = z.object({
  ...pagingSchema(limits.productCategorySuggestions),
  category: z.string().trim().max(80).optional(),
});

export const publicFetchAllQuery = z.object({
  ...pagingSchema(limits.publicListingPage),
  businessName: z.string().trim().min(1),
  isPromoted: boolQuery,
  sort: sortSchema,
});

export const publicFetchQuery = z.object({ id: z.string().trim().min(1), businessName: z.string().trim().min(1) });

export const fetchSuggestionsQuery = z.object({
  ...pagingSchema(limits.suggestionsFetch),
  id: z.string().trim().min(1),
  businessName: z.string().trim().min(1),
});

export const productList = z.object({ products: z.array(product), count: z.number() });
