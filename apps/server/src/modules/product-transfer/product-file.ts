import { importTexts, type ProductFileFormat } from '@stashblog/contract/product-transfer-texts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../../http/app-error.ts';
import { csvBom, csvRow, formulaSafe, fromFormulaSafe } from '../leads/leads-csv.ts';

// The two file formats of the product import/export (decision 059): CSV (RFC 4180, UTF-8 with a
// byte order mark, written by the leads export's writer with its formula neutraliser, read with
// csv-parse) and XLSX (exceljs, first worksheet). Text cells are formula-safe in both; a file we
// wrote reads back to the same values.

type Cell = string | number;

export function writeCsv(rows: Cell[][]): Buffer {
  return Buffer.from(csvBom + rows.map((r) => csvRow(r.map(String))).join(''), 'utf8');
}

export async function writeXlsx(rows: Cell[][], sheetName: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const r of rows) sheet.addRow(r.map((c) => (typeof c === 'number' ? c : formulaSafe(c))));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** XLSX is a ZIP: it starts with 'PK'. Anything else is read as CSV. */
export function formatOf(bytes: Buffer): ProductFileFormat {
  return bytes.length >= 2 && bytes[0] === 0x50 && bytes[1] === 0x4b ? 'xlsx' : 'csv';
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('error' in value) return '';
  return '';
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    rows[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

export type FileRow = { row: number; cells: string[] };

/**
 * The header's texts and every data row's, numbered as the spreadsheet numbers them (the header is
 * row 1); rows of empty cells only are left out. A file that is neither format is refused (400).
 */
export async function readRows(bytes: Buffer): Promise<{ header: string[]; rows: FileRow[] }> {
  let rows: string[][];
  try {
    rows =
      formatOf(bytes) === 'xlsx'
        ? await readXlsx(bytes)
        : (parse(bytes, { bom: true, relax_column_count: true, relax_quotes: false }) as string[][]);
  } catch {
    throw AppError.badRequest(importTexts.unreadable);
  }
  const [header = [], ...data] = rows;
  return {
    header,
    rows: data.flatMap((cells, i) => (cells.some((c) => c.trim() !== '') ? [{ row: i + 2, cells: cells.map(fromFormulaSafe) }] : [])),
  };
}
