import { productFileColumns } from '@stashblog/contract/product-transfer-texts';

// Import files for the product import tests (decision 059): the header row, a row from the fields
// it names, and a CSV of rows as a spreadsheet writes it (RFC 4180 quoting).

export const header = Object.values(productFileColumns);

/** A row of the file from the fields it names; the rest empty. */
export function row(fields: Partial<Record<keyof typeof productFileColumns, string>>): string[] {
  return (Object.keys(productFileColumns) as (keyof typeof productFileColumns)[]).map((k) => fields[k] ?? '');
}

export function csvOf(rows: string[][]): Buffer {
  const cell = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return Buffer.from(rows.map((r) => `${r.map(cell).join(',')}\r\n`).join(''));
}
