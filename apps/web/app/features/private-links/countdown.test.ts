import { describe, expect, it } from 'vitest';
import { formatCountdown, isLinkExpired } from './countdown';

const t0 = Date.UTC(2026, 0, 1);
const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();

describe('private link countdown', () => {
  it('shows weeks, days, hours, minutes and seconds left', () => {
    const s = ((7 + 2) * 24 * 3600 + 3 * 3600 + 4 * 60 + 5) as number;
    expect(formatCountdown(at(s), t0)).toBe('1 week 2 days 3 hours 4 minutes 5 seconds');
    expect(formatCountdown(at(3600), t0)).toBe('1 hour 0 minutes 0 seconds');
    expect(formatCountdown(at(59), t0)).toBe('59 seconds');
    expect(formatCountdown(at(61), t0)).toBe('1 minute 1 second');
  });

  it("is 'Expired' at zero and after", () => {
    expect(formatCountdown(at(1), t0)).toBe('1 second');
    expect(formatCountdown(at(0), t0)).toBe('Expired');
    expect(formatCountdown(at(-10), t0)).toBe('Expired');
    expect(isLinkExpired(at(0), t0)).toBe(true);
    expect(isLinkExpired(at(1), t0)).toBe(false);
  });
});
