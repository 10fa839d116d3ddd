import { limits } from '@stashblog/contract/limits';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatListingDate, formatRupees, formatUnits } from './format';

// The hand-written formats must write exactly what Intl writes with the options they stand for.
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
const units = new Intl.NumberFormat('en-IN');
const date = new Intl.DateTimeFormat(limits.locale, { timeZone: limits.timeZone, year: 'numeric', month: 'long', day: 'numeric' });

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

describe('storefront number formats equal Intl en-IN', () => {
  it.each(edges)('%s', (n) => {
    expect(formatRupees(n)).toBe(rupees.format(n));
    expect(formatUnits(n)).toBe(units.format(n));
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
        expect(formatUnits(n)).toBe(units.format(n));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('listing dates equal Intl in Asia/Kolkata', () => {
  it('around midnight in Kolkata and across the years', () => {
    for (const iso of [
      '2026-11-24T18:29:59.999Z',
      '2026-11-24T18:30:00.000Z',
      '2024-02-28T18:30:00Z',
      '2099-12-31T18:29:59Z',
      '1970-01-01T00:00:00Z',
    ]) {
      expect(formatListingDate(iso), iso).toBe(date.format(new Date(iso)));
    }
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1946, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const iso = new Date(ms).toISOString();
        expect(formatListingDate(iso)).toBe(date.format(new Date(ms)));
      }),
      { numRuns: 20_000 },
    );
  });
});
