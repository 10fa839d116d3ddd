import { describe, expect, it } from 'vitest';
import { expiryDuration, expiryFrom, privateLinkUrl } from './private-links.ts';

describe('private link shape (SPEC §2)', () => {
  it('uses the business path on the default host and the bare path on a custom domain', () => {
    const base = { code: 'Ab12Ab12Ab12Ab12Ab12', businessName: 'lotus-handicrafts', origin: 'https://stashblog.example' };
    expect(privateLinkUrl({ ...base, kind: 'product', domain: null })).toBe(
      'https://stashblog.example/lotus-handicrafts/privateLink?pq=Ab12Ab12Ab12Ab12Ab12',
    );
    expect(privateLinkUrl({ ...base, kind: 'catalogue', domain: 'shop.lotus.in' })).toBe(
      'https://shop.lotus.in/privateLink?cq=Ab12Ab12Ab12Ab12Ab12',
    );
  });
});

describe('expiry durations (SPEC §9)', () => {
  it('accepts Hours 1-23, Days 1-7, Weeks 1-4 only', () => {
    const ok = (unit: string, amount: number) => expiryDuration.safeParse({ unit, amount }).success;
    expect([ok('Hours', 1), ok('Hours', 23), ok('Days', 7), ok('Weeks', 4)]).toEqual([true, true, true, true]);
    expect([ok('Hours', 0), ok('Hours', 24), ok('Days', 8), ok('Weeks', 5), ok('Years', 1)]).toEqual([false, false, false, false, false]);
  });

  it('adds the duration to now', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(expiryFrom(now, { unit: 'Weeks', amount: 2 }).toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(expiryFrom(now, { unit: 'Hours', amount: 1 }).toISOString()).toBe('2026-01-01T01:00:00.000Z');
  });
});
