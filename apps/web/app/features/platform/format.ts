import { limits } from '@stashblog/contract/limits';

/** Date and time in the product's time zone (SPEC §9: Asia/Kolkata, en-US). */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(limits.locale, { timeZone: limits.timeZone, dateStyle: 'medium', timeStyle: 'short' });
}
