// SPEC §9: rupees with Indian digit grouping; dates in Asia/Kolkata, en-US format.
//
// Written by hand, not with Intl: the first Intl formatter a page makes loads ICU, 60–80 ms of main
// thread on a mid-range phone (Chromium at 4× CPU slowdown), and storefront pages made three as this
// module loaded, inside the task that runs their scripts (docs/decisions/030). format.test.ts checks
// every output against Intl with the same options, so the two cannot drift apart.

/**
 * The digits of a finite non-negative number rounded half away from zero to at most `maxFraction`
 * decimals and padded to `minFraction`, from its shortest decimal form as Intl rounds it (1.005 → 1.01).
 */
function decimalParts(value: number, minFraction: number, maxFraction: number): { whole: string; fraction: string } {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [head = '0', tail = ''] = mantissa.split('.');
  let digits = head + tail;
  let point = head.length + Number(exponent);
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (digits.length < point) digits += '0'.repeat(point - digits.length);
  let kept = digits.slice(0, point + maxFraction);
  if ((digits[point + maxFraction] ?? '0') >= '5') {
    const up = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
    if (up.length > kept.length) point++;
    kept = up;
  }
  const whole = kept.slice(0, point).replace(/^0+(?=\d)/, '');
  let fraction = kept.slice(point).replace(/0+$/, '');
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  return { whole, fraction };
}

/** 1234567 → 12,34,567: the last three digits, then groups of two. */
function indianGrouping(whole: string): string {
  if (whole.length <= 3) return whole;
  const head = whole.slice(0, -3);
  const pairs = head.length % 2 ? [head.slice(0, 1)] : [];
  for (let i = head.length % 2; i < head.length; i += 2) pairs.push(head.slice(i, i + 2));
  return `${pairs.join(',')},${whole.slice(-3)}`;
}

/** A number with Indian grouping; Intl writes a minus for every negative number, -0 included. */
function indianNumber(value: number, minFraction: number, maxFraction: number): string {
  const { whole, fraction } = decimalParts(Math.abs(value), minFraction, maxFraction);
  return indianGrouping(whole) + (fraction ? `.${fraction}` : '');
}

const minus = (n: number) => (n < 0 || Object.is(n, -0) ? '-' : '');

/** As Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 }): ₹12,34,567.50. */
export const formatRupees = (n: number) => `${minus(n)}₹${indianNumber(n, 2, 2)}`;

/** As Intl.NumberFormat('en-IN'): 12,34,567.891 (at most three decimals). */
export const formatUnits = (n: number) => minus(n) + indianNumber(n, 0, 3);

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
// Asia/Kolkata (limits.timeZone) has been UTC+05:30 all year since 1945, without daylight saving.
const kolkataOffsetMs = 330 * 60_000;

/** As Intl.DateTimeFormat(limits.locale, { timeZone: limits.timeZone, year, month: 'long', day }): November 25, 2026. */
export function formatListingDate(iso: string): string {
  const local = new Date(Date.parse(iso) + kolkataOffsetMs);
  return `${months[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
}
