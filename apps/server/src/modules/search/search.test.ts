import { beforeAll, describe, expect, it } from 'vitest';
import { names, searchFixtures, seedSofaShops } from '../../../test/search-fixtures.ts';
import { createTestApp } from '../../../test/test-app.ts';

// GET public/user/search: what matches, in one business and across businesses, and what a visitor may see. Every
// search here runs through the plain and the steered path alike (search-fixtures.ts: found).

const app = await createTestApp();
const fx = searchFixtures(app);
const { insert, search, found } = fx;
let seeded: Awaited<ReturnType<typeof seedSofaShops>>['seeded'];

beforeAll(async () => {
  ({ seeded } = await seedSofaShops(app, fx));
});

describe('public search: matching and ranking', () => {
  it('ranks a name match above a tag match above a description match', async () => {
    const p = await found({ searchQuery: 'sofa', businessName: 'search-a', filter: 'Products' });
    expect(names(p)).toEqual(['Velvet Sofa', 'Reading Lamp', 'Oak Table']);
    expect(p.count).toBe(3);
  });

  it('still finds a product with a one-letter typo', async () => {
    expect(names(await found({ searchQuery: 'sofq', businessName: 'search-a', filter: 'Products' }))).toContain('Velvet Sofa');
    expect(names(await found({ searchQuery: 'Velvat', businessName: 'search-a' }))).toEqual(['Velvet Sofa']);
  });

  it('matches a prefix as the visitor types', async () => {
    expect(names(await found({ searchQuery: 'sof', businessName: 'search-a', filter: 'Products' }))[0]).toBe('Velvet Sofa');
    expect(names(await found({ searchQuery: 'gard ben', businessName: 'search-a' }))).toEqual(['Garden Bench']);
  });

  it('finds a word too long for the typo vocabulary by itself, not only by its near words', async () => {
    // The vocabulary keeps words of up to 60 characters: the 61-character word is not in it, its 60-character
    // neighbour is, and is near enough to stand in for it as for a typo.
    const c = await app.owner('search-long-words');
    const [kept, long] = [`handwoven${'x'.repeat(51)}`, `handwoven${'x'.repeat(52)}`];
    await insert(c.businessId, [{ productName: `Rug ${kept}` }, { productName: `Rug ${long}` }]);
    expect(names(await found({ searchQuery: long, businessName: 'search-long-words' }))).toContain(`Rug ${long}`);
    expect(names(await found({ searchQuery: `rug ${long}` }))).toContain(`Rug ${long}`);
  });

  it('takes a one-character word as that whole word, not the start of every word', async () => {
    const c = await app.owner('search-shelves');
    await insert(c.businessId, [{ productName: 'Teak Shelf 7' }, { productName: 'Teak Shelf 75' }]);
    // Both have 'teak shelf'; only one has the word '7', so it comes first, though older (decision 053).
    expect(names(await found({ searchQuery: 'teak shelf 7', businessName: 'search-shelves' }))).toEqual(['Teak Shelf 7', 'Teak Shelf 75']);
    expect(names(await found({ searchQuery: 'Shelf 7' }))).toEqual(['Teak Shelf 7']);
    expect(names(await found({ searchQuery: 'shelf 75' }))).toEqual(['Teak Shelf 75']);
  });

  it('ignores accents and case and accepts Hindi text', async () => {
    expect(names(await found({ searchQuery: 'CAFE', businessName: 'search-a' }))).toEqual(['Café Chair']);
    expect(names(await found({ searchQuery: 'दीया', businessName: 'search-a' }))).toEqual(['पीतल दीया']);
    expect(names(await found({ searchQuery: 'पूजा', businessName: 'search-a' }))).toEqual(['पीतल दीया']);
  });

  it('finds nothing for a term matching nothing', async () => {
    const p = await found({ searchQuery: 'zzzqqq', businessName: 'search-a' });
    expect(p).toEqual({ searchedData: [], count: 0, countCapped: false, maxTotal: 0 });
  });

  it('returns the SPEC result item shape with image urls', async () => {
    const p = await found({ searchQuery: 'velvet', businessName: 'search-a' });
    expect(p.searchedData).toEqual([
      {
        _id: seeded['Velvet Sofa'].id,
        type: 'product',
        productName: 'Velvet Sofa',
        businessName: 'search-a',
        businessDisplayName: 'Search & Co. (A)',
        images: seeded['Velvet Sofa'].images.map((k) => `/media/${k}/image.jpg`),
      },
    ]);
  });
});

describe('public search: scope and visibility', () => {
  it('never shows private, blocked or other businesses items in business scope', async () => {
    const p = await found({ searchQuery: 'sofa', businessName: 'search-a', perPage: 100 });
    expect(names(p).sort()).toEqual(['Living Room Sofas', 'Oak Table', 'Reading Lamp', 'Velvet Sofa']);
    for (const item of p.searchedData) expect(item.businessName).toBe('search-a');
  });

  it("ranks across every business too: names (the word as the name's last word first), then tags, then descriptions", async () => {
    const p = await found({ searchQuery: 'sofa', filter: 'Products' });
    expect(names(p)).toEqual(['Bench Sofa', 'Velvet Sofa', 'Sofa Bed', 'Reading Lamp', 'Oak Table']);
    expect(p.count).toBe(5);
    expect(p.countCapped).toBe(false);
  });

  it('finds typos and prefixes across every business', async () => {
    expect(names(await found({ searchQuery: 'sofq', filter: 'Products' }))).toContain('Sofa Bed');
    expect(names(await found({ searchQuery: 'ben', filter: 'Products' }))).toEqual(['Garden Bench', 'Bench Sofa']);
  });

  it('searches every visible business without businessName, never a blocked one', async () => {
    const p = await found({ searchQuery: 'sofa', perPage: 100 });
    expect(names(p).sort()).toEqual(
      ['Bench Sofa', 'Living Room Sofas', 'Oak Table', 'Other Sofas', 'Reading Lamp', 'Sofa Bed', 'Velvet Sofa'].sort(),
    );
    expect(names(p)).not.toContain('Blocked Shop Sofa');
  });

  it('filters to catalogues with their visible member images, or to products', async () => {
    const c = await found({ searchQuery: 'sofa', businessName: 'search-a', filter: 'Catalogues' });
    expect(c.searchedData).toEqual([
      {
        _id: expect.any(String),
        type: 'catalogue',
        catalogueName: 'Living Room Sofas',
        businessName: 'search-a',
        businessDisplayName: 'Search & Co. (A)',
        images: [seeded['Velvet Sofa'].images[0], seeded['Oak Table'].images[0]].map((k) => `/media/${k}/image.jpg`),
      },
    ]);
    const p = await found({ searchQuery: 'sofa', businessName: 'search-a', filter: 'Products' });
    expect(p.searchedData.map((d) => [d.type, d.productName])).toEqual([
      ['product', 'Velvet Sofa'],
      ['product', 'Reading Lamp'],
      ['product', 'Oak Table'],
    ]);
    expect(p.count).toBe(3);
  });

  it('gives a catalogue found across businesses its business name and its visible members images', async () => {
    const p = await found({ searchQuery: 'living room sofas' });
    expect(p.searchedData).toEqual([
      {
        _id: expect.any(String),
        type: 'catalogue',
        catalogueName: 'Living Room Sofas',
        businessName: 'search-a',
        businessDisplayName: 'Search & Co. (A)',
        images: [seeded['Velvet Sofa'].images[0], seeded['Oak Table'].images[0]].map((k) => `/media/${k}/image.jpg`),
      },
    ]);
  });

  it('names each business as its owner writes it: in one business, on a first and a later page across businesses (decision 047)', async () => {
    const pages = [
      await found({ searchQuery: 'sofa', businessName: 'search-a', perPage: 100 }),
      await found({ searchQuery: 'sofa', perPage: 100 }),
      await found({ searchQuery: 'sofa', filter: 'Products', perPage: 100 }),
      await found({ searchQuery: 'sofa', filter: 'Products', perPage: 2, pageNo: 2 }),
      await found({ searchQuery: 'sofa', perPage: 3, pageNo: 2 }),
    ];
    const items = pages.flatMap((p) => p.searchedData);
    expect(items.length).toBeGreaterThan(10);
    expect(new Set(items.map((i) => i.businessName))).toEqual(new Set(['search-a', 'search-b']));
    for (const item of items)
      expect(item.businessDisplayName, item.productName ?? item.catalogueName).toBe(
        item.businessName === 'search-a' ? 'Search & Co. (A)' : 'Search B',
      );
  });

  it('answers 404 for an unknown or blocked business', async () => {
    expect((await search({ searchQuery: 'sofa', businessName: 'nobody-here' })).statusCode).toBe(404);
    expect((await search({ searchQuery: 'sofa', businessName: 'search-blocked' })).statusCode).toBe(404);
  });
});
