import { limits } from '@stashblog/contract/limits';

// RFC 4180 CSV with formula-injection neutralised (OWASP "CSV injection"): a cell a spreadsheet
// would run as a formula (starting with = + - @, tab or CR) gets a leading apostrophe.
const formulaStart = /^[=+\-@\t\r]/;

/** The text a spreadsheet shows as typed, never runs: a formula-like value gets a leading apostrophe. */
export function formulaSafe(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/** The value `formulaSafe` was given back (a file exported by us and imported again). */
export function fromFormulaSafe(value: string): string {
  return value.startsWith("'") && formulaStart.test(value.slice(1)) ? value.slice(1) : value;
}

export function csvCell(value: string): string {
  const safe = formulaSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(cells: string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

// SPEC §9: dates in Asia/Kolkata, en-US format ("11/22/2026, 11:45:47 AM").
const dateFormat = new Intl.DateTimeFormat(limits.locale, {
  timeZone: limits.timeZone,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** The same text as `dateFormat` (Intl), computed by hand: Asia/Kolkata is UTC+05:30 all year (no DST since 1945), and Intl is ~10x slower per row. */
const istOffsetMs = 5.5 * 3600_000;
export function csvDate(d: Date): string {
  const t = new Date(d.getTime() + istOffsetMs);
  const h = t.getUTCHours();
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return `${t.getUTCMonth() + 1}/${t.getUTCDate()}/${t.getUTCFullYear()}, ${h % 12 || 12}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Intl's rendering (the reference `csvDate` must match; used by tests). */
export function csvDateIntl(d: Date): string {
  return dateFormat.format(d);
}

/** UTF-8 byte order mark: spreadsheet apps then read names in any script correctly. */
export const csvBom = '\uFEFF';
