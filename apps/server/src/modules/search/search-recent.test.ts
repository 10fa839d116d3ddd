import { searchCountCap } from '@stashblog/contract/search-options';
import { beforeAll, describe, expect, it } from 'vitest';
import { names, searchFixtures } from '../../../test/search-fixtures.ts';
import { createTestApp } from '../../../test/test-app.ts';

// A label tier (tier 2) with more matches than are counted, read after a short name tier: the plain path reads it
// within the newest 4 % of the products' time span first and whole when that range is short (decision 068); the
// steered path in its own ranges. Both must page it exactly (search-fixtures.ts: found runs both).

const app = await createTestApp();
const { insert, found } = searchFixtures(app);

const day = 86_400_000;
const start = Date.UTC(2025, 0, 1);
// The span runs a year: its newest 4 % is the last ~14.6 days.
const end = start + 365 * day;

describe('public search: a label tier read within the newest items first', () => {
  beforeAll(async () => {
    const b = await app.owner('search-crockery');
    await insert(b.businessId, [
      { productName: 'Oldest Thing', createdAt: new Date(start) },
      // 'mug': 20 cups in the last days, 1,000 older saucers, all by their tags; no name holds it.
      ...Array.from({ length: 20 }, (_, i) => ({
        productName: `Cup ${i + 1}`,
        tags: ['mug'],
        createdAt: new Date(end - day + i * 60_000),
      })),
      ...Array.from({ length: searchCountCap }, (_, i) => ({
        productName: `Saucer ${i + 1}`,
        tags: ['mug'],
        createdAt: new Date(start + day + i * 3_600_000),
      })),
      // 'jug': two old names, 5 recent plates and 1,000 older bowls by their tags.
      { productName: 'Jug 1', createdAt: new Date(start + 2 * day) },
      { productName: 'Jug 2', createdAt: new Date(start + 3 * day) },
      ...Array.from({ length: 5 }, (_, i) => ({
        productName: `Plate ${i + 1}`,
        tags: ['jug'],
        createdAt: new Date(end - 2 * day + i * 60_000),
      })),
      ...Array.from({ length: searchCountCap }, (_, i) => ({
        productName: `Bowl ${i + 1}`,
        tags: ['jug'],
        createdAt: new Date(start + 5 * day + i * 3_600_000),
      })),
      { productName: 'Newest Thing', createdAt: new Date(end) },
    ]);
  });

  it('pages the newest label matches, then reads past the recent range on a later page', async () => {
    const first = await found({ searchQuery: 'mug' });
    expect([first.count, first.countCapped]).toEqual([searchCountCap, true]);
    expect(names(first)).toEqual(Array.from({ length: 15 }, (_, i) => `Cup ${20 - i}`));
    // 30 needed, 20 in the recent range: the tier is read whole.
    const second = await found({ searchQuery: 'mug', pageNo: 2 });
    expect(names(second)).toEqual([
      ...Array.from({ length: 5 }, (_, i) => `Cup ${5 - i}`),
      ...Array.from({ length: 10 }, (_, i) => `Saucer ${searchCountCap - i}`),
    ]);
  });

  it('puts the names first, then the recent labels, then older labels when the recent ones are too few', async () => {
    const p = await found({ searchQuery: 'jug' });
    expect([p.count, p.countCapped]).toEqual([searchCountCap, true]);
    expect(names(p)).toEqual([
      'Jug 2',
      'Jug 1',
      ...Array.from({ length: 5 }, (_, i) => `Plate ${5 - i}`),
      ...Array.from({ length: 8 }, (_, i) => `Bowl ${searchCountCap - i}`),
    ]);
  });
});
