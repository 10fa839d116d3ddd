import { searchCountCap } from '@stashblog/contract/search-options';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { names, searchFixtures } from '../../../test/search-fixtures.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { products } from '../../db/schema/products.ts';
import { productsWritten } from '../../db/tenant-writes.ts';

// A label tier (tier 2) with more matches than are counted, read after a short name tier: the plain path reads it
// within the newest 4 % of the products' time span first and whole when that range is short (decision 068); the
// steered path in its own ranges. Both must page it exactly (search-fixtures.ts: found runs both).

const app = await createTestApp();
const { found } = searchFixtures(app);

const day = 86_400_000;
const start = Date.UTC(2025, 0, 1);
// The span runs a year: its newest 4 % is the last ~14.6 days.
const end = start + 365 * day;

async function insertAt(businessId: string, rows: { productName: string; tags?: string[]; at: number }[]) {
  const values = rows.map((r) => ({
    businessId,
    id: uuidv7(),
    productName: r.productName,
    description: 'Plain item',
    category: 'general',
    tags: r.tags ?? [],
    images: [uuidv7()],
    isPublic: true,
    isBlocked: false,
    createdAt: new Date(r.at),
  }));
  for (let i = 0; i < values.length; i += 2000) {
    const chunk = values.slice(i, i + 2000);
    await app.ctx.db.insert(products).values(chunk);
    await productsWritten(app.ctx.db, { businessId, ids: chunk.map((v) => v.id) });
  }
}

describe('public search: a label tier read within the newest items first', () => {
  beforeAll(async () => {
    const b = await app.owner('search-crockery');
    await insertAt(b.businessId, [
      { productName: 'Oldest Thing', at: start },
      // 'mug': 20 cups in the last days, 1,000 older saucers, all by their tags; no name holds it.
      ...Array.from({ length: 20 }, (_, i) => ({ productName: `Cup ${i + 1}`, tags: ['mug'], at: end - day + i * 60_000 })),
      ...Array.from({ length: searchCountCap }, (_, i) => ({
        productName: `Saucer ${i + 1}`,
        tags: ['mug'],
        at: start + day + i * 3_600_000,
      })),
      // 'jug': two old names, 5 recent plates and 1,000 older bowls by their tags.
      { productName: 'Jug 1', at: start + 2 * day },
      { productName: 'Jug 2', at: start + 3 * day },
      ...Array.from({ length: 5 }, (_, i) => ({ productName: `Plate ${i + 1}`, tags: ['jug'], at: end - 2 * day + i * 60_000 })),
      ...Array.from({ length: searchCountCap }, (_, i) => ({
        productName: `Bowl ${i + 1}`,
        tags: ['jug'],
        at: start + 5 * day + i * 3_600_000,
      })),
      { productName: 'Newest Thing', at: end },
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
