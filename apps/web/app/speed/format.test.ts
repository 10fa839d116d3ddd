import { limits } from '@stashblog/contract/limits';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatNumber, formatRelativeTime, formatRupees } from './format';

// The hand-written formats must write exactly what Intl writes with the options they stand for.
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
const units = new Intl.NumberFormat('en-IN');
const date = new Intl.DateTimeFormat(limits.locale, { timeZone: limits.timeZone, year: 'numeric', month: 'long', day: 'numeric' });
const dateTime = new Intl.DateTimeFormat(limits.locale, { timeZone: limits.timeZone, dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(limits.locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const relative = new Intl.RelativeTimeFormat(limits.locale, { numeric: 'auto' });

// Half-way cases, carries into a new digit or group, the largest price and unit count the
// contract allows, tiny and huge (exponent notation) numbers, -0 and negatives.
const edges = [
  '0 -0 1 5 12 123 999 1000 1200 12345 99999 100000 1234567 12345678 1e11 2000000000 1.005 1.015 2.675',
  '0.005 0.0049 9.995 99999.995 999.9995 0.30000000000000004 1234567.891 5e-7 1e-7 1.5e-10 1e21 1.2345e22',
  '12345678901234 -5 -0.001 -1234.5 9007199254740991 0.125 0.0005 0.0015',
]
  .join(' ')
  .split(' ')
  .map(Number);

describe('number formats equal Intl en-IN', { timeout: 60_000 }, () => {
  it.each(edges)('%s', (n) => {
    expect(formatRupees(n)).toBe(rupees.format(n));
    expect(formatNumber(n)).toBe(units.format(n));
    expect(formatRupees(n, 'whole')).toBe(`${n < 0 || Object.is(n, -0) ? '-' : ''}₹${Math.abs(n).toLocaleString('en-IN')}`);
  });

  it('for any price the product form accepts, and any number at all', () => {
    const prices = fc.oneof(
      fc.integer({ min: 0, max: 1e11 }).map((paise) => paise / 100),
      fc.double({ min: 0, max: 1e11, noNaN: true }),
      fc.double({ min: -1e25, max: 1e25, noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(prices, (n) => {
        expect(formatRupees(n)).toBe(rupees.format(n));
        expect(formatNumber(n)).toBe(units.format(n));
      }),
      { numRuns: 20_000 },
    );
  });
});

// (20,000 random cases each: generous time on a shared machine)
describe('dates equal Intl in Asia/Kolkata', { timeout: 60_000 }, () => {
  it('around midnight in Kolkata and across the years', () => {
    for (const iso of [
      '2026-11-24T18:29:59.999Z',
      '2026-11-24T18:30:00.000Z',
      '2024-02-28T18:30:00Z',
      '2099-12-31T18:29:59Z',
      '1970-01-01T00:00:00Z',
    ]) {
      expect(formatDate(iso), iso).toBe(date.format(new Date(iso)));
      expect(formatDate(iso, 'dateTime'), iso).toBe(dateTime.format(new Date(iso)));
    }
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1946, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const iso = new Date(ms).toISOString();
        expect(formatDate(iso)).toBe(date.format(new Date(ms)));
        expect(formatDate(iso, 'dateTime')).toBe(dateTime.format(new Date(ms)));
        const calendarDay = iso.slice(0, 10);
        expect(formatDate(calendarDay, 'day')).toBe(day.format(new Date(`${calendarDay}T00:00:00Z`)));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('relative times equal Intl.RelativeTimeFormat (numeric: auto)', { timeout: 60_000 }, () => {
  // the unit the notifications list has always used: the largest whole one, rounded
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  const intl = (seconds: number) => {
    for (const [unit, size] of units) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
    return relative.format(0, 'second');
  };
  const now = Date.UTC(2026, 10, 25, 12);
  it.each([
    0, 29, 30, 59, 60, 61, 89, 90, 3599, 3600, 5400, 86_399, 86_400, 129_600, 604_800, 2_592_000, 31_536_000, 47_304_000, 1e12,
  ])('%s seconds either way', (seconds) => {
    for (const s of [seconds, -seconds]) expect(formatRelativeTime(new Date(now + s * 1000).toISOString(), now)).toBe(intl(s));
  });
  it('for any moment', () => {
    fc.assert(
      fc.property(fc.integer({ min: -4e12, max: 4e12 }), (ms) => {
        const iso = new Date(now + ms).toISOString();
        expect(formatRelativeTime(iso, now)).toBe(intl(Math.round(ms / 1000)));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('counts with their noun (issue 22: "1 lead", not "1 leads")', () => {
  it('is singular for one only, and groups as en-IN', () => {
    expect(formatCount(1, 'lead')).toBe('1 lead');
    expect(formatCount(0, 'lead')).toBe('0 leads');
    expect(formatCount(2, 'visit')).toBe('2 visits');
    expect(formatCount(123456, 'visit')).toBe('1,23,456 visits');
    expect(formatCount(2, 'query', 'queries')).toBe('2 queries');
  });
});
