import { z } from 'zod';
import { limits } from './limits.ts';
import { boolQuery, pagingSchema, sortSchema } from './lists.ts';
import { product } from './products.ts';
import { directorySortSchema } from './search.ts';
import { specTexts } from './spec-texts.ts';
import { safeText } from './text.ts';
import { placements } from './visibility-texts.ts';

const requiredText = (message: string, max: number) => safeText({ error: message }).trim().min(1, message).max(max);
const idField = z.string().trim().max(200);
const businessNameField = safeText().trim().min(1).max(100);
const searchText = (max: number) => safeText().trim().max(max).optional();

// SPEC §5: at least 3 distinct products; duplicates count once.
const memberIds = z
  .array(idField, { error: specTexts.catalogueMinProducts })
  .max(1000)
  .transform((ids) => [...new Set(ids.filter(Boolean))])
  .refine((ids) => ids.length >= limits.catalogueMinProducts, specTexts.catalogueMinProducts);

// Key order is the order the form reports problems in.
export const catalogueInput = z.object({
  catalogueName: requiredText(specTexts.catalogueNameRequired, 200),
  description: requiredText(specTexts.catalogueDescriptionRequired, 10_000),
  products: memberIds,
});
export type CatalogueInput = z.input<typeof catalogueInput>;
export type CatalogueInputParsed = z.output<typeof catalogueInput>;

/** POST create: the fields and the Add form's Visibility. Left out, the catalogue is private (decision 046). */
export const createCatalogueBody = catalogueInput.extend({ isPublic: z.boolean().default(false) });
export type CreateCatalogueBody = z.input<typeof createCatalogueBody>;
export type CreateCatalogueBodyParsed = z.output<typeof createCatalogueBody>;

export const updateCatalogueBody = catalogueInput.extend({ id: idField });
export type UpdateCatalogueBody = z.output<typeof updateCatalogueBody>;

export const catalogueIdBody = z.object({ id: idField });

/** SPEC §3 Catalogue. categories, tags, images and totalProducts come from the member products. */
export const catalogue = z.object({
  _id: z.string(),
  businessName: z.string(),
  catalogueName: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  totalProducts: z.number(),
  /** Members a visitor sees (public, not blocked): the storefront's count; equals totalProducts there. */
  publicProducts: z.number(),
  isPublic: z.boolean(),
  isPromoted: z.boolean(),
  isBlocked: z.boolean(),
  /** First image of each member product, up to 6. */
  images: z.array(z.string()),
  /** Member product ids in catalogue order (for visitors: only the products they may see). */
  products: z.array(z.string()),
  createdAt: z.string(),
});
export type Catalogue = z.infer<typeof catalogue>;

export const adminFetchAllCataloguesQuery = z.object({
  ...pagingSchema(limits.adminListPage),
  isPromoted: boolQuery,
  catalogueName: searchText(200),
  sort: sortSchema,
});
export type AdminFetchAllCataloguesQuery = z.output<typeof adminFetchAllCataloguesQuery>;

export const adminFetchCatalogueProductsQuery = z.object({
  ...pagingSchema(limits.adminListPage),
  id: idField,
  sort: sortSchema,
});
export type AdminFetchCatalogueProductsQuery = z.output<typeof adminFetchCatalogueProductsQuery>;

export const publicFetchAllCataloguesQuery = z.object({
  ...pagingSchema(limits.publicListingPage),
  businessName: businessNameField,
  isPromoted: boolQuery,
  sort: sortSchema,
});
export type PublicFetchAllCataloguesQuery = z.output<typeof publicFetchAllCataloguesQuery>;

export const publicFetchCatalogueQuery = z.object({ id: idField, businessName: businessNameField });
export type PublicFetchCatalogueQuery = z.output<typeof publicFetchCatalogueQuery>;
export const catalogueVisitsBody = publicFetchCatalogueQuery;

export const publicFetchCatalogueProductsQuery = z.object({
  ...pagingSchema(limits.publicCataloguePageWide),
  id: idField,
  businessName: businessNameField,
  sort: sortSchema,
});
export type PublicFetchCatalogueProductsQuery = z.output<typeof publicFetchCatalogueProductsQuery>;

/** Directory-wide listing (SPEC §7 public catalogues fetchAllUsers); sort as products' fetchAllUsers. */
export const fetchAllUsersCataloguesQuery = z.object({
  ...pagingSchema(limits.publicListingPage),
  searchQuery: searchText(200),
  isPromoted: boolQuery,
  sort: directorySortSchema,
});
export type FetchAllUsersCataloguesQuery = z.output<typeof fetchAllUsersCataloguesQuery>;

export const cataloguePayload = z.object({ catalogue });
export const createCataloguePayload = z.object({ catalogue, placement: z.enum(placements) });
/** countCapped: a search or a directory list has more than searchCountCap items (count is then the cap; see contract search.ts, decision 058). */
export const catalogueList = z.object({ catalogues: z.array(catalogue), count: z.number(), countCapped: z.boolean().optional() });
export type CatalogueList = z.infer<typeof catalogueList>;
export const catalogueProductList = z.object({ products: z.array(product), count: z.number() });
export type CatalogueProductList = z.infer<typeof catalogueProductList>;
export const catalogueStatusPayload = z.object({ status: z.boolean() });
export const catalogueDeletedPayload = z.object({ id: z.string() });
