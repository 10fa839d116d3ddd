import { z } from 'zod';
import { importLimits, importStates, productFileFormats } from './product-transfer-texts.ts';
import { adminFetchAllQuery } from './products.ts';
import { safeText } from './text.ts';

// Bulk import and export of products (issue 25, decision 059). Texts and columns: product-transfer-texts.ts.

/** GET exportProducts: the admin list's filter (no paging: every product it matches) and the format. */
export const exportProductsQuery = adminFetchAllQuery
  .pick({ isPromoted: true, productName: true, category: true, tags: true, sort: true })
  .extend({ format: z.enum(productFileFormats).default('csv') });
export type ExportProductsQuery = z.output<typeof exportProductsQuery>;

const fileName = safeText().trim().min(1).max(200);

/**
 * POST previewImport: the file, base64; nothing of the business is written but the import's own row.
 * `zipId`: the import an uploadImportZip made (its ZIP names the images the file's rows list).
 */
export const previewImportBody = z.object({
  fileName,
  content: z
    .string()
    .max(Math.ceil((importLimits.maxFileBytes * 4) / 3) + 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64'),
  zipId: z.string().trim().default(''),
});
export type PreviewImportBody = z.input<typeof previewImportBody>;

const importIdField = z.string().trim().default('');
export const importIdBody = z.object({ id: importIdField });
/** GET fetchImport: one import, or without an id the latest (the page the owner comes back to). */
export const fetchImportQuery = z.object({ id: importIdField });

/**
 * PUT uploadImportZip?fileName=: the body is the ZIP itself (application/zip, at most
 * importLimits.zipMaxBytes), not JSON (decision 062). Answers a draft import holding it.
 */
export const uploadImportZipQuery = z.object({ fileName });
export const importZip = z.object({ _id: z.string(), fileName: z.string(), bytes: z.number(), entries: z.number() });
export type ImportZip = z.infer<typeof importZip>;
export const importZipPayload = z.object({ zip: importZip });

export const importRowProblems = z.object({ row: z.number(), messages: z.array(z.string()) });
export type ImportRowProblems = z.infer<typeof importRowProblems>;

export const productImport = z.object({
  _id: z.string(),
  fileName: z.string(),
  /** The ZIP of images uploaded with the file; '' without one. */
  zipName: z.string(),
  state: z.enum(importStates),
  /** Data rows in the file; `valid` of them have no problem and are imported. */
  total: z.number(),
  valid: z.number(),
  /** Valid rows handled so far, in file order; created + updated + unchanged + failed. */
  done: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  /** Each row's problems, in file order (row 1 is the header): the preview's, then any met while importing. */
  problems: z.array(importRowProblems),
  error: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductImport = z.infer<typeof productImport>;
export const importPayload = z.object({ import: productImport });
export const latestImportPayload = z.object({ import: productImport.nullable() });
