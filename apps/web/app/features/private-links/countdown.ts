import { useEffect, useState } from 'react';

const units = [
  ['w', 7 * 86_400],
  ['d', 86_400],
  ['h', 3600],
  ['m', 60],
  ['s', 1],
] as const;
const names: Record<string, [string, string]> = {
  w: ['week', 'weeks'],
  d: ['day', 'days'],
  h: ['hour', 'hours'],
  m: ['minute', 'minutes'],
  s: ['second', 'seconds'],
};

/** SPEC §4 countdown: weeks, days, hours, minutes, seconds left; 'Expired' at zero (expiry at or before now). */
export function formatCountdown(expiresAt: string | Date, now: number): string {
  let left = Math.floor((new Date(expiresAt).getTime() - now) / 1000);
  if (left <= 0 || Number.isNaN(left)) return 'Expired';
  const parts: string[] = [];
  for (const [unit, size] of units) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n > 0 || parts.length > 0) parts.push(`${n} ${names[unit][n === 1 ? 0 : 1]}`);
  }
  return parts.join(' ');
}

export function isLinkExpired(expiresAt: string, now: number): boolean {
  return new Date(expiresAt).getTime() <= now;
}

/** The current time, updated every second (for countdowns and Active/Expired status). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}
