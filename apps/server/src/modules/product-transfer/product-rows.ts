import {
  importTexts,
  listSeparator,
  type ProductFileColumn,
  productFileColumns,
  promotedValues,
  visibilityValues,
} from '@stashblog/contract/product-transfer-texts';
import { type Product, type ProductInputParsed, productInput } from '@stashblog/contract/products';
import type { ProductRow } from '../products/product-view.ts';

// A product as one row of the import/export file (decision 059) and back: the columns of
// product-transfer-texts.ts, lists one entry per line, visibility and promotion as words.

const columns = Object.keys(productFileColumns) as ProductFileColumn[];
export const headerRow: string[] = columns.map((c) => productFileColumns[c]);

/** The cells of one product (as the API shows it), in the header's order. Numbers stay numbers (XLSX keeps them so). */
export function productCells(p: Product): (string | number)[] {
  const cells: Record<ProductFileColumn, string | number> = {
    productName: p.productName,
    itemNo: p.itemNo,
    category: p.category,
    tags: p.tags.join(listSeparator),
    pricePerUnit: p.pricePerUnit ?? '',
    totalUnits: p.totalUnits ?? '',
    description: p.description,
    specifications: p.specifications.join(listSeparator),
    disclaimers: p.disclaimer.join(listSeparator),
    link: p.link,
    visibility: p.isPublic ? visibilityValues.public : visibilityValues.private,
    promoted: p.isPromoted ? promotedValues.yes : promotedValues.no,
    images: p.images.join(listSeparator),
  };
  return columns.map((c) => cells[c]);
}

/** What a file's row says of a product: its fields as the add form's schema parsed them, and the flags. */
export type ImportedProduct = {
  input: ProductInputParsed;
  /** Absent when the file has no such column: a matched product keeps its own, a new one is private/not promoted. */
  isPublic?: boolean;
  isPromoted?: boolean;
  /** False when the file has no Images column: a matched product keeps its images. */
  hasImages: boolean;
  /**
   * The optional fields the file has no column for: a matched product keeps its own (a save never
   * clears what it did not carry), a new one takes the add form's default. Absent in imports
   * previewed before this field existed: every column was then read as present.
   */
  absent?: KeptField[];
};

/** The fields a file may leave out (name, category and description are required, so their columns are too). */
const keptFields = ['itemNo', 'tags', 'pricePerUnit', 'totalUnits', 'specifications', 'disclaimers', 'link'] as const;
type KeptField = (typeof keptFields)[number];

export type RowCheck = { ok: true; product: ImportedProduct } | { ok: false; messages: string[] };

/** Which column of the file each field is in (-1: not there). Header texts match case- and space-insensitively. */
export function columnIndexes(header: string[]): Record<ProductFileColumn, number> {
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  const at = header.map(norm);
  return Object.fromEntries(columns.map((c) => [c, at.indexOf(norm(productFileColumns[c]))])) as Record<ProductFileColumn, number>;
}

const list = (cell: string) => cell.split(/\r?\n/);

// The text fields SPEC words itself (§5); other fields' problems are prefixed with their column.
const specWorded = new Set(['productName', 'category', 'description', 'images']);

function choice<T extends string>(cell: string, values: Record<string, T>, column: string, messages: string[]): T | undefined {
  const found = Object.values(values).find((v) => v.toLowerCase() === cell.trim().toLowerCase());
  if (!found) messages.push(importTexts.oneOf(column, Object.values(values)));
  return found;
}

/** Checks one data row with the contract's product schema; every problem in SPEC's words where it has them. */
export function checkRow(cells: string[], at: Record<ProductFileColumn, number>): RowCheck {
  const cell = (c: ProductFileColumn) => (at[c] < 0 ? undefined : (cells[at[c]] ?? ''));
  const messages: string[] = [];
  const numberCell = (c: 'pricePerUnit' | 'totalUnits') => {
    const raw = cell(c)?.trim();
    if (raw === undefined || raw === '') return null;
    const n = Number(raw.replace(/,/g, ''));
    if (!Number.isFinite(n)) messages.push(importTexts.notANumber(productFileColumns[c]));
    return Number.isFinite(n) ? n : null;
  };
  const candidate = {
    productName: cell('productName') ?? '',
    itemNo: cell('itemNo') ?? '',
    category: cell('category') ?? '',
    description: cell('description') ?? '',
    tags: list(cell('tags') ?? ''),
    specifications: list(cell('specifications') ?? ''),
    disclaimers: list(cell('disclaimers') ?? ''),
    link: cell('link') ?? '',
    pricePerUnit: numberCell('pricePerUnit'),
    totalUnits: numberCell('totalUnits'),
    images: list(cell('images') ?? '')
      .map((s) => s.trim())
      .filter(Boolean),
  };
  // An empty cell says nothing, as a missing column: a matched product keeps its own.
  const visibility = cell('visibility')?.trim() || undefined;
  const promoted = cell('promoted')?.trim() || undefined;
  const isPublic =
    visibility === undefined
      ? undefined
      : choice(visibility, visibilityValues, productFileColumns.visibility, messages) === visibilityValues.public;
  const isPromoted =
    promoted === undefined ? undefined : choice(promoted, promotedValues, productFileColumns.promoted, messages) === promotedValues.yes;
  const parsed = productInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const column = productFileColumns[field as ProductFileColumn];
      const message = specWorded.has(field) || !column ? issue.message : `${column}: ${issue.message}`;
      if (!messages.includes(message)) messages.push(message);
    }
  }
  if (messages.length > 0 || !parsed.success) return { ok: false, messages };
  const absent = keptFields.filter((c) => at[c] < 0);
  return { ok: true, product: { input: parsed.data, isPublic, isPromoted, hasImages: at.images >= 0, absent } };
}

/** The fields an update of a matched product carries: those the file has a column for. */
export function carriedInput(p: ImportedProduct): Omit<ProductInputParsed, KeptField> & Partial<Pick<ProductInputParsed, KeptField>> {
  const input: Omit<ProductInputParsed, KeptField> & Partial<Pick<ProductInputParsed, KeptField>> = { ...p.input };
  for (const field of p.absent ?? []) delete input[field];
  return input;
}

/** The key a row matches an existing product by: its item number, or without one its exact name. */
export function matchKey(p: { itemNo: string; productName: string }): string {
  return p.itemNo ? `#${p.itemNo}` : `name:${p.productName}`;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
// numeric(14, 2): a price is stored to the paisa.
const cents = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n * 100));

/** What writing `p` over `row` would change: its fields (images as keys of the row's own), its visibility, its promotion. */
export function changesOf(row: ProductRow, p: ImportedProduct, images: string[]) {
  // A field the file has no column for is the row's own.
  const i = { ...row, ...carriedInput(p) };
  const fieldsSame =
    row.productName === i.productName &&
    row.itemNo === i.itemNo &&
    row.description === i.description &&
    row.category === i.category &&
    row.link === i.link &&
    cents(row.pricePerUnit) === cents(i.pricePerUnit) &&
    (row.totalUnits ?? null) === (i.totalUnits ?? null) &&
    sameList(row.tags, i.tags) &&
    sameList(row.specifications, i.specifications) &&
    sameList(row.disclaimers, i.disclaimers) &&
    sameList(row.images, images);
  return {
    fields: !fieldsSame,
    isPublic: p.isPublic !== undefined && p.isPublic !== row.isPublic,
    isPromoted: p.isPromoted !== undefined && p.isPromoted !== row.isPromoted,
  };
}
