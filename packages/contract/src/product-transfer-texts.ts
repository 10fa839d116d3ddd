// Bulk import and export of products (issue 25, decision 059): the file's columns and the texts of
// the import, without zod, so the admin page may import them (decision 016).

import { limits } from './limits.ts';

/** The file's columns, in order: header texts of the CSV and XLSX export, and what an import reads. */
export const productFileColumns = {
  productName: 'Product Name',
  itemNo: 'Item No.',
  category: 'Category',
  tags: 'Tags',
  pricePerUnit: 'Price Per Unit',
  totalUnits: 'Total Units',
  description: 'Description',
  specifications: 'Specifications',
  disclaimers: 'Disclaimers',
  link: 'Link',
  visibility: 'Visibility',
  promoted: 'Promoted',
  images: 'Images',
} as const;
export type ProductFileColumn = keyof typeof productFileColumns;

/** A list cell (tags, specifications, disclaimers, images) holds one entry per line. */
export const listSeparator = '\n';
export const visibilityValues = { public: 'Public', private: 'Private' } as const;
export const promotedValues = { yes: 'Yes', no: 'No' } as const;

export const productFileFormats = ['csv', 'xlsx'] as const;
export type ProductFileFormat = (typeof productFileFormats)[number];
export const productFileNames: Record<ProductFileFormat, string> = { csv: 'products.csv', xlsx: 'products.xlsx' };
export const productFileTypes: Record<ProductFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `draft`: a ZIP of images uploaded for an import whose file is not checked yet (decision 062). */
export const importStates = ['draft', 'previewed', 'queued', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof importStates)[number];

export const importLimits = {
  /** Rows one file may hold. */
  maxRows: 20_000,
  /** Bytes of the uploaded file (sent base64 in JSON, so the body is about 4/3 of it). */
  maxFileBytes: 12 * 1024 * 1024,
  /** Products written per transaction; progress moves by a batch. */
  batchRows: 100,
  /** A running import whose worker has not written for this long is handed to a new job. */
  staleSeconds: 60,
  /** Bytes of the optional ZIP of images (sent raw as application/zip, decision 062). */
  zipMaxBytes: 100 * 1024 * 1024,
  /** Entries (files and folders) one ZIP may list. */
  zipMaxEntries: 5_000,
  /** Images from the ZIP made per batch transaction (each is decoded and encoded while it is open). */
  zipBatchImages: 24,
  /** Hours a ZIP of an import never started is kept (a draft, or previewed) before the hourly sweep drops both. */
  zipKeepHours: 24,
} as const;

const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;

export const importTexts = {
  exportCsv: 'Export CSV',
  exportXlsx: 'Export XLSX',
  importButton: 'Import',
  title: 'Import products',
  fileLabel: 'CSV or XLSX file',
  fileRequired: 'Choose a CSV or XLSX file',
  fileHint: 'Columns as in an export; rows match your products by Item No.',
  preview: 'Check file',
  start: 'Import products',
  previewed: 'File checked',
  started: 'Import started',
  fetched: 'Import fetched',
  notFound: 'Import not found',
  notStartable: 'This import has already started',
  unreadable: 'This file could not be read as CSV or XLSX',
  tooLarge: `The file is larger than ${importLimits.maxFileBytes / 1024 / 1024} MB`,
  tooManyRows: `A file may hold at most ${importLimits.maxRows} products`,
  noRows: 'The file holds no products',
  missingColumn: (column: string) => `Column '${column}' missing`,
  notANumber: (column: string) => `${column} must be a number`,
  oneOf: (column: string, values: readonly string[]) => `${column} must be ${values.join(' or ')}`,
  repeatedItemNo: (row: number) => `Item No. also on row ${row}`,
  repeatedName: (row: number) => `Product Name without Item No. also on row ${row}`,
  unknownImage: (name: string) => `Image '${name}' is not one of this product's images`,
  notImported: 'Not imported: the import stopped before this row',
  summary: (c: { created: number; updated: number; unchanged: number }) =>
    `${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`,
  rowProblems: (n: number) => `${n} ${n === 1 ? 'row has' : 'rows have'} problems and will be left out`,
  row: 'Row',
  problems: 'Problems',
  progress: 'Import progress',
  ready: (valid: number, total: number) => `${valid} of ${total} rows ready to import`,
  progressOf: (done: number, valid: number) => `${done} of ${valid} rows imported`,
  done: 'Import finished',
  failed: 'Import stopped',
  notImportedFrom: (done: number, valid: number) => `${valid - done} rows after the first ${done} were not imported`,
  another: 'Import another file',
  zipLabel: 'ZIP of images (optional)',
  zipHint: "Images the file's Images column names by file name (JPEG, PNG or WebP)",
  zipUploading: 'Uploading images',
  zipUploaded: 'ZIP uploaded',
  withZip: (name: string) => `Images from ${name}`,
  zipUnreadable: 'This file could not be read as a ZIP',
  zipTooLarge: `The ZIP is larger than ${mb(importLimits.zipMaxBytes)}`,
  zipTooManyEntries: `A ZIP may hold at most ${importLimits.zipMaxEntries} files`,
  zipNotUsable: 'This ZIP is already part of a started import: choose it again',
  zipTwice: (name: string) => `Image '${name}' is in the ZIP more than once`,
  zipImageTooLarge: (name: string) =>
    `Image '${name}' in the ZIP is larger than ${mb(limits.uploadMaxBytes)} or ${limits.uploadMaxPixels / 1_000_000} megapixels`,
  zipImageUnreadable: (name: string) => `Image '${name}' in the ZIP is not a JPEG, PNG or WebP image`,
} as const;
