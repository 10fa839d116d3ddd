import { limits } from '@stashblog/contract/limits';

// SPEC §9: rupees with Indian digit grouping; dates in Asia/Kolkata, en-US format.
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
const units = new Intl.NumberFormat('en-IN');
const date = new Intl.DateTimeFormat(limits.locale, { timeZone: limits.timeZone, year: 'numeric', month: 'long', day: 'numeric' });

export const formatRupees = (n: number) => rupees.format(n);
export const formatUnits = (n: number) => units.format(n);
export const formatListingDate = (iso: string) => date.format(new Date(iso));
