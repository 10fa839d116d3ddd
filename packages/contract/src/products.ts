import { z } from 'zod';
import { limits } from './limits.ts';
import { isWebLink, linkInvalid } from './links.ts';
import { boolQuery, pagingSchema, sortSchema } from './lists.ts';
import { directorySortSchema } from './search.ts';
import { specTexts } from './spec-texts.ts';
import { safeText } from './text.ts';
import { placements } from './visibility-texts.ts';

// SPEC §5: tags, disclaimers and specifications ignore duplicates and empties; tags are lowercased.
function cleanList(lower: boolean) {
  return z
    .array(safeText().max(500))
    .max(100)
    .transform((items) => {
      const seen = new Set<string>();
      for (const raw of items) {
        const item = lower ? raw.trim().toLowerCase() : raw.trim();
        if (item) seen.add(item);
      }
      return [...seen];
    });
}

const text = (max: number) => safeText().max(max);
const requiredText = (message: string, max: number) => safeText({ error: message }).trim().min(1, message).max(max);
/** A number field: '' or null is no number (null), absent stays absent (undefined). */
const optionalNumber = (max: number, int = false) =>
  z.preprocess(
    (v) => (v === '' || v === null ? null : v),
    (int ? z.coerce.number().int() : z.coerce.number()).min(0).max(max).nullable().optional(),
  );

const productFields = {
  category: requiredText(specTexts.productCategoryRequired, 80),
  productName: requiredText(specTexts.productNameRequired, 200),
  description: requiredText(specTexts.productDescriptionRequired, 10_000),
  itemNo: text(80).transform((s) => s.trim()),
  /** File names of new images (create) or, on update, existing image urls to keep plus new file names. */
  images: z.array(text(500).pipe(z.string().trim().min(1))).max(limits.maxProductImages, specTexts.imagesMax(limits.maxProductImages)),
  specifications: cleanList(false),
  disclaimers: cleanList(false),
  tags: cleanList(true),
  totalUnits: optionalNumber(2_000_000_000, true),
  pricePerUnit: optionalNumber(1e11),
  link: text(500)
    .transform((s) => s.trim())
    .refine((s) => s === '' || isWebLink(s), linkInvalid('Product')),
};

// Key order is the order the form reports problems in (SPEC §5 lists category first).
export const productInput = z.object({
  ...productFields,
  itemNo: productFields.itemNo.optional().default(''),
  images: productFields.images.default([]),
  specifications: productFields.specifications.default([]),
  disclaimers: productFields.disclaimers.default([]),
  tags: productFields.tags.default([]),
  link: productFields.link.optional().default(''),
});
export type ProductInput = z.input<typeof productInput>;
export type ProductInputParsed = z.output<typeof productInput>;

/** POST create: the fields and the Add form's Visibility. Left out, the product is private (decision 046). */
export const createProductBody = productInput.extend({ isPublic: z.boolean().default(false) });
export type CreateProductBody = z.input<typeof createProductBody>;
export type CreateProductBodyParsed = z.output<typeof createProductBody>;

// Ids are checked by the service: anything that is not one of the caller's ids answers 404.
const idField = z.string().trim().default('');
export const idBody = z.object({ id: idField });

/**
 * Update: the same fields, but a field the call does not carry keeps what is stored (issue 20); only an explicit
 * value changes it ('' or [] removes, null or '' removes a number). Name, category and description are required.
 */
export const productUpdate = z.object({
  ...productFields,
  itemNo: productFields.itemNo.optional(),
  images: productFields.images.optional(),
  specifications: productFields.specifications.optional(),
  disclaimers: productFields.disclaimers.optional(),
  tags: productFields.tags.optional(),
  link: productFields.link.optional(),
});
export type ProductUpdate = z.input<typeof productUpdate>;
export type ProductUpdateParsed = z.output<typeof productUpdate>;
export const updateProductBody = productUpdate.extend({ id: idField });
export type UpdateProductBody = z.output<typeof updateProductBody>;

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

/**
 * SPEC §7 pre-signed url: PUT the file to `url`. With S3 storage (decision 015) the PUT goes
 * straight to the bucket and a `completeUrl` comes too: POST to it once the PUT succeeded and the
 * app validates the image and derives its variants. Without it, the PUT itself completes.
 */
export const preSignedUrl = z.object({ image: z.string(), url: z.string(), completeUrl: z.string().optional() });
export type PreSignedUrl = z.infer<typeof preSignedUrl>;

const searchText = (max: number) => safeText().trim().max(max).optional();

export const adminFetchAllQuery = z.object({
  ...pagingSchema(limits.adminListPage),
  isPromoted: boolQuery,
  productName: searchText(200),
  category: searchText(80),
  tags: z.union([safeText().max(500), z.array(safeText().max(500)).max(20)]).optional(),
  sort: sortSchema,
});
export type AdminFetchAllQuery = z.output<typeof adminFetchAllQuery>;

export const fetchCategoriesQuery = z.object({
  ...pagingSchema(limits.productCategorySuggestions),
  category: searchText(80),
});
export type FetchCategoriesQuery = z.output<typeof fetchCategoriesQuery>;

const businessNameField = safeText().trim().min(1).max(100);

export const publicFetchAllQuery = z.object({
  ...pagingSchema(limits.publicListingPage),
  businessName: businessNameField,
  isPromoted: boolQuery,
  sort: sortSchema,
  /** The storefront's category filter (home categories carousel → listing); case-insensitive exact match. */
  category: searchText(80),
});
export type PublicFetchAllQuery = z.output<typeof publicFetchAllQuery>;

export const publicFetchQuery = z.object({ id: idField, businessName: businessNameField });
export const visitsBody = publicFetchQuery;

export const fetchSuggestionsQuery = z.object({
  ...pagingSchema(limits.suggestionsFetch),
  id: idField,
  businessName: businessNameField,
});
export type FetchSuggestionsQuery = z.output<typeof fetchSuggestionsQuery>;

/**
 * Directory-wide listing (SPEC §7 public fetchAllUsers). searchQuery runs the search engine; without a
 * sort a search is ordered by relevance and a listing newest first (directorySort).
 */
export const fetchAllUsersQuery = z.object({
  ...pagingSchema(limits.publicListingPage),
  searchQuery: searchText(200),
  isPromoted: boolQuery,
  sort: directorySortSchema,
});
export type FetchAllUsersQuery = z.output<typeof fetchAllUsersQuery>;

/** countCapped: a search or a directory list has more than searchCountCap items (count is then the cap; see contract search.ts, decision 058). */
export const productList = z.object({ products: z.array(product), count: z.number(), countCapped: z.boolean().optional() });
export type ProductList = z.infer<typeof productList>;
export const productPayload = z.object({ product });
export const createProductResult = z.object({
  product,
  productImagesPreSignedUrls: z.array(preSignedUrl),
  placement: z.enum(placements),
});
export type CreateProductResult = z.infer<typeof createProductResult>;
export const updateProductResult = z.object({ product, newProductImagesPreSignedUrls: z.array(preSignedUrl) });
export type UpdateProductResult = z.infer<typeof updateProductResult>;
export const statusPayload = z.object({ status: z.boolean() });
export const deletedPayload = z.object({ id: z.string() });
export const categoriesPayload = z.object({ categories: z.array(z.string()) });
export const suggestionsPayload = z.object({ products: z.array(product) });
