// The web app's one number formatter and one date formatter (SPEC §9: rupees with Indian digit
// grouping; dates in Asia/Kolkata, en-US format). Every page formats through here.
//
// Speed trick (issue 21, decision 041; first 030): written by hand, not with Intl. The first Intl
// formatter a page makes loads ICU: 60–80 ms of main thread on a mid-range phone (Chromium at 4× CPU
// slowdown; 200–820 ms against 3–150 ms for these functions on this loaded machine, decision 041),
// inside the task that hydrates a storefront page. It assumes only what Intl writes for these
// options (CLDR en-IN / en-US): format.test.ts compares every output with Intl under the same options
// (edge cases, 20,000 random numbers and dates), so a browser or Node whose Intl writes otherwise
// fails there. Asia/Kolkata is assumed a fixed UTC+05:30 (true since 1945), also checked there.
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

/**
 * As Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 }):
 * ₹12,34,567.50; `whole`: as `₹${n.toLocaleString('en-IN')}`, ₹1,999 (plan prices).
 */
export const formatRupees = (n: number, paise: 'paise' | 'whole' = 'paise') =>
  paise === 'whole' ? `${minus(n)}₹${indianNumber(n, 0, 3)}` : `${minus(n)}₹${indianNumber(n, 2, 2)}`;

/** As Intl.NumberFormat('en-IN'): 12,34,567.891 (at most three decimals). */
export const formatNumber = (n: number) => minus(n) + indianNumber(n, 0, 3);

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
// Asia/Kolkata (limits.timeZone) has been UTC+05:30 all year since 1945, without daylight saving.
const kolkataOffsetMs = 330 * 60_000;

/**
 * A moment (ISO string, or a calendar day `YYYY-MM-DD` for 'day') as Intl.DateTimeFormat(limits.locale,
 * { timeZone: limits.timeZone, … }) writes it:
 * - 'date': { year, month: 'long', day }: November 25, 2026 (listing dates)
 * - 'dateTime': { dateStyle: 'medium', timeStyle: 'short' }: Nov 25, 2026, 3:04 PM (workspace, console)
 * - 'day': a calendar day, { month: 'short', day } in UTC: Nov 25 (chart axes)
 */
export function formatDate(iso: string, style: 'date' | 'dateTime' | 'day' = 'date'): string {
  if (style === 'day') {
    const day = new Date(`${iso}T00:00:00Z`);
    return `${months[day.getUTCMonth()]?.slice(0, 3)} ${day.getUTCDate()}`;
  }
  const local = new Date(Date.parse(iso) + kolkataOffsetMs);
  const month = months[local.getUTCMonth()] ?? '';
  if (style === 'date') return `${month} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
  const hours = local.getUTCHours();
  const time = `${hours % 12 || 12}:${String(local.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${month.slice(0, 3)} ${local.getUTCDate()}, ${local.getUTCFullYear()}, ${time}`;
}

const relativeUnits: [unit: string, seconds: number, last: string, next: string][] = [
  ['year', 31_536_000, 'last year', 'next year'],
  ['month', 2_592_000, 'last month', 'next month'],
  ['week', 604_800, 'last week', 'next week'],
  ['day', 86_400, 'yesterday', 'tomorrow'],
  ['hour', 3600, '', ''],
  ['minute', 60, '', ''],
];

/** As Intl.RelativeTimeFormat(limits.locale, { numeric: 'auto' }) in the largest whole unit: '3 minutes ago', 'yesterday', 'now'. */
export function formatRelativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size, last, next] of relativeUnits) {
    if (Math.abs(seconds) < size) continue;
    const count = Math.round(seconds / size);
    if (count === -1 && last) return last;
    if (count === 1 && next) return next;
    // en-US grouping here (1,500 years), as the locale's relative format writes it
    const amount = `${String(Math.abs(count)).replace(/\B(?=(\d{3})+$)/g, ',')} ${unit}${Math.abs(count) === 1 ? '' : 's'}`;
    return count < 0 ? `${amount} ago` : `in ${amount}`;
  }
  return 'now';
}

/** A count and its noun, singular for one: '1 lead', '2,350 visits'. `plural` defaults to the noun plus 's'. */
export const formatCount = (n: number, noun: string, plural = `${noun}s`) => `${formatNumber(n)} ${n === 1 ? noun : plural}`;
