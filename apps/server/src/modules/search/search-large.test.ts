import { searchCountCap } from '@stashblog/contract/search-options';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { names, searchFixtures } from '../../../test/search-fixtures.ts';
import { createTestApp } from '../../../test/test-app.ts';

// Terms with more matches than are counted (searchCountCap), across businesses: capped counts, exact pages by tier
// and date, large tiers and tiers proved whole. Every search runs through the plain and the steered path alike
// (search-fixtures.ts: found): the steered path reads these tier by tier (search-tier-page.ts).

const app = await createTestApp();
const { insert, found } = searchFixtures(app);

describe('public search: more matches than are counted', () => {
  beforeAll(async () => {
    const b = await app.owner('search-lanterns');
    await insert(
      b.businessId,
      Array.from({ length: searchCountCap + 5 }, (_, i) => ({ productName: `Lantern ${i + 1}` })),
    );
    // The newest of all, but 'lantern' is only in its description: it ranks after every name match.
    await insert(b.businessId, [{ productName: 'Brass Hook', description: 'Hangs a lantern' }]);
  });

  it('says the count is capped, pages only the first matches, and still ranks by tier', async () => {
    const first = await found({ searchQuery: 'lantern' });
    expect(first.count).toBe(searchCountCap);
    expect(first.countCapped).toBe(true);
    expect(first.maxTotal).toBe(Math.ceil(searchCountCap / 15));
    expect(names(first)).toEqual(Array.from({ length: 15 }, (_, i) => `Lantern ${searchCountCap + 5 - i}`));
    const last = await found({ searchQuery: 'lantern', pageNo: first.maxTotal });
    expect(last.searchedData).toHaveLength(searchCountCap - (first.maxTotal - 1) * 15);
    expect(names(last).at(-1)).toBe('Lantern 6');
    expect((await found({ searchQuery: 'lantern', pageNo: first.maxTotal + 1 })).searchedData).toEqual([]);
    const byName = await found({ searchQuery: 'lantern', sort: 'Alphabetically A-Z' });
    expect(names(byName).slice(0, 3)).toEqual(['Brass Hook', 'Lantern 1', 'Lantern 10']);
    expect(byName.searchedData[0]?.businessName).toBe('search-lanterns');
    const inShop = await found({ searchQuery: 'lantern', businessName: 'search-lanterns', sort: 'Date, old to new' });
    expect([inShop.count, inShop.countCapped]).toEqual([searchCountCap, true]);
    expect(names(inShop)[0]).toBe('Lantern 1');
  });

  it('counts exactly below the cap', async () => {
    const p = await found({ searchQuery: 'hook' });
    expect([p.count, p.countCapped, p.maxTotal]).toEqual([1, false, 1]);
  });
});

describe('public search: a large tier read newest first', () => {
  const kettles = 6000;
  beforeAll(async () => {
    const b = await app.owner('search-kettles');
    await insert(
      b.businessId,
      Array.from({ length: kettles }, (_, i) => ({ productName: `Kettle ${i + 1}` })),
    );
    // The newest of all, but 'kettle' is only in its description.
    await insert(b.businessId, [{ productName: 'Descaler', description: 'Cleans a kettle' }]);
    // The planner's statistics, as autovacuum would keep them: the engine reads a tier it expects to hold
    // 2,000 or more within its newest items first (decision 024), from the created_at histogram.
    await app.ctx.db.execute(sql`analyze products`);
  });

  it('pages a capped tier newest first, exactly, in both date orders', async () => {
    const first = await found({ searchQuery: 'kettle' });
    expect([first.count, first.countCapped]).toEqual([searchCountCap, true]);
    expect(names(first)).toEqual(Array.from({ length: 15 }, (_, i) => `Kettle ${kettles - i}`));
    const third = await found({ searchQuery: 'kettle', pageNo: 3 });
    expect(names(third)).toEqual(Array.from({ length: 15 }, (_, i) => `Kettle ${kettles - 30 - i}`));
    const last = await found({ searchQuery: 'kettle', pageNo: first.maxTotal });
    expect(names(last).at(-1)).toBe(`Kettle ${kettles - searchCountCap + 1}`);
    const newest = await found({ searchQuery: 'kettle', sort: 'Date, new to old' });
    expect(names(newest).slice(0, 2)).toEqual(['Descaler', `Kettle ${kettles}`]);
    const oldest = await found({ searchQuery: 'kettle', sort: 'Date, old to new', pageNo: 2 });
    expect(names(oldest)).toEqual(Array.from({ length: 15 }, (_, i) => `Kettle ${16 + i}`));
  });
});

// Which statements these searches send (a tier read once, the next tier in the same statement, the count through the
// labels, the planner asked once a minute) is plan shape: `npm run bench:search-plan` checks it on the same data.
describe('public search: tiers and counts proved by their first read', () => {
  const brewSets = 1500;
  beforeAll(async () => {
    const b = await app.owner('search-teapots');
    // 'kettle' and 'teapot' are each in thousands of names ('Kettle 1' ... above) but never in one name; the newest
    // products carry both in their tags (tier 2). 'whistling' is in descriptions alone.
    await insert(
      b.businessId,
      Array.from({ length: 8000 }, (_, i) => ({ productName: `Teapot ${i + 1}`, description: 'A whistling teapot' })),
    );
    await insert(
      b.businessId,
      Array.from({ length: brewSets }, (_, i) => ({
        productName: `Brew Set ${i + 1}`,
        tags: ['kettle', 'teapot'],
        description: 'A whistling pair',
      })),
    );
    await app.ctx.db.execute(sql`analyze products`);
  });

  it('pages words that never meet in one name through the labels, newest first, count capped', async () => {
    const p = await found({ searchQuery: 'kettle teapot' });
    expect([p.count, p.countCapped]).toEqual([searchCountCap, true]);
    expect(names(p)).toEqual(Array.from({ length: 15 }, (_, i) => `Brew Set ${brewSets - i}`));
  });

  it('puts a small name tier before the label tier, on every page', async () => {
    const b = await app.owner('search-teapot-trios');
    await insert(
      b.businessId,
      Array.from({ length: 3 }, (_, i) => ({ productName: `Kettle Teapot Trio ${i + 1}` })),
    );
    const p = await found({ searchQuery: 'kettle teapot' });
    expect(names(p)).toEqual([
      'Kettle Teapot Trio 3',
      'Kettle Teapot Trio 2',
      'Kettle Teapot Trio 1',
      ...Array.from({ length: 12 }, (_, i) => `Brew Set ${brewSets - i}`),
    ]);
    // A later page reads past them the same way.
    const second = await found({ searchQuery: 'kettle teapot', pageNo: 2 });
    expect(names(second)).toEqual(Array.from({ length: 15 }, (_, i) => `Brew Set ${brewSets - 12 - i}`));
  });

  it('finds a name tier entry older than the newest products', async () => {
    const b = await app.owner('search-teapot-antiques');
    // Older than every other product: outside the newest range that tier 1 is read in first.
    await insert(b.businessId, [{ productName: 'Antique Kettle Teapot', images: [], createdAt: new Date(Date.UTC(2020, 0, 1)) }]);
    const p = await found({ searchQuery: 'kettle teapot' });
    expect(names(p)).toEqual([
      'Kettle Teapot Trio 3',
      'Kettle Teapot Trio 2',
      'Kettle Teapot Trio 1',
      'Antique Kettle Teapot',
      ...Array.from({ length: 11 }, (_, i) => `Brew Set ${brewSets - i}`),
    ]);
  });

  it('pages a term searched again within a minute as the first time (the planner estimates kept)', async () => {
    const first = await found({ searchQuery: 'teapot' });
    const p = await found({ searchQuery: 'teapot', pageNo: 2 });
    // Tier 1 ('Teapot n' and the trios), newest first.
    expect(names(first).slice(0, 3)).toEqual(['Kettle Teapot Trio 3', 'Kettle Teapot Trio 2', 'Kettle Teapot Trio 1']);
    expect(names(p)).toEqual(Array.from({ length: 15 }, (_, i) => `Teapot ${8000 - 12 - i}`));
  });

  it('counts the document when the labels do not prove the count capped', async () => {
    // No label holds the word: only the whole document proves the count capped.
    const p = await found({ searchQuery: 'whistling' });
    expect([p.count, p.countCapped]).toEqual([searchCountCap, true]);
    expect(names(p)).toEqual(Array.from({ length: 15 }, (_, i) => `Brew Set ${brewSets - i}`));
  });
});
