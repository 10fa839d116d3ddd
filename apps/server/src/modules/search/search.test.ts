import type { SearchPayload } from '@stashblog/contract/search';
import { searchCountCap, searchTexts } from '@stashblog/contract/search-options';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateBusiness } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { catalogueProducts, catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';
import { cataloguesWritten, productsWritten } from '../../db/tenant-writes.ts';

let app: TestApp;
let clock = Date.UTC(2024, 0, 1);

type Spec = {
  productName: string;
  description?: string;
  category?: string;
  tags?: string[];
  isPublic?: boolean;
  isBlocked?: boolean;
  images?: string[];
};

async function insert(businessId: string, specs: Spec[]) {
  const rows = specs.map((s) => {
    clock += 1000;
    return {
      businessId,
      id: uuidv7(),
      productName: s.productName,
      description: s.description ?? 'Plain item',
      category: s.category ?? 'general',
      tags: s.tags ?? [],
      images: s.images ?? [uuidv7()],
      isPublic: s.isPublic ?? true,
      isBlocked: s.isBlocked ?? false,
      createdAt: new Date(clock),
    };
  });
  // In statements of 2,000 rows: PostgreSQL takes at most 65,535 parameters in one.
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    await app.ctx.db.insert(products).values(chunk);
    await productsWritten(app.ctx.db, { businessId, ids: chunk.map((r) => r.id) });
  }
  return Object.fromEntries(rows.map((r) => [r.productName, r]));
}

async function insertCatalogue(
  businessId: string,
  catalogueName: string,
  members: { id: string }[],
  flags: { isPublic?: boolean; isBlocked?: boolean } = {},
) {
  clock += 1000;
  const id = uuidv7();
  await app.ctx.db.insert(catalogues).values({
    businessId,
    id,
    catalogueName,
    description: 'A set of things',
    isPublic: flags.isPublic ?? true,
    isBlocked: flags.isBlocked ?? false,
    createdAt: new Date(clock),
  });
  await app.ctx.db
    .insert(catalogueProducts)
    .values(members.map((m, position) => ({ businessId, catalogueId: id, productId: m.id, position })));
  await cataloguesWritten(app.ctx.db, { businessId, ids: [id] });
  return id;
}

async function search(args: Record<string, string | number>) {
  const query = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)]));
  return app.inject({ method: 'GET', url: '/api/public/user/search', query });
}

async function found(args: Record<string, string | number>): Promise<SearchPayload> {
  const res = await search(args);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe(201);
  return res.json().payload;
}

const names = (p: SearchPayload) => p.searchedData.map((d) => d.productName ?? d.catalogueName);

let a: Awaited<ReturnType<TestApp['owner']>>;
let seeded: Record<string, { id: string; images: string[] }>;

beforeAll(async () => {
  app = await createTestApp();
  a = await app.owner('search-a');
  await updateBusiness(app.ctx, a.businessId, { displayName: 'Search & Co. (A)' });
  const b = await app.owner('search-b');
  const blocked = await app.owner('search-blocked');
  await updateBusiness(app.ctx, blocked.businessId, { isBlocked: true });
  seeded = await insert(a.businessId, [
    { productName: 'Oak Table', description: 'Pairs well with any sofa in the room', category: 'furniture' },
    { productName: 'Reading Lamp', category: 'lighting', tags: ['sofa'] },
    { productName: 'Velvet Sofa', description: 'A deep three seat couch', category: 'furniture' },
    { productName: 'Private Sofa', isPublic: false },
    { productName: 'Blocked Sofa', isBlocked: true },
    { productName: 'Café Chair', category: 'furniture' },
    { productName: 'पीतल दीया', description: 'Brass lamp for Diwali', category: 'पूजा' },
    { productName: 'Garden Bench', category: 'outdoor', images: [] },
  ]);
  const b1 = await insert(b.businessId, [{ productName: 'Sofa Bed' }, { productName: 'Bench Sofa' }, { productName: 'Plain Stool' }]);
  await insert(blocked.businessId, [{ productName: 'Blocked Shop Sofa' }]);
  await insertCatalogue(a.businessId, 'Living Room Sofas', [seeded['Velvet Sofa'], seeded['Oak Table'], seeded['Private Sofa']]);
  await insertCatalogue(a.businessId, 'Hidden Sofa Set', [seeded['Velvet Sofa']], { isPublic: false });
  await insertCatalogue(a.businessId, 'Banned Sofa Set', [seeded['Velvet Sofa']], { isBlocked: true });
  await insertCatalogue(b.businessId, 'Other Sofas', Object.values(b1));
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

describe('public search: relevance, plurals, typos and Hinglish (decision 053)', () => {
  const shop = { businessName: 'search-rank', filter: 'Products' };
  beforeAll(async () => {
    const c = await app.owner('search-rank');
    // Oldest first: recency would put the last ones first if it ranked anything but ties.
    await insert(c.businessId, [
      { productName: 'Masala Chai', category: 'beverages' },
      { productName: 'Assam Tea', category: 'beverages' },
      { productName: 'Brass Lamp', category: 'lighting' },
      { productName: 'Table Lamp', category: 'lighting' },
      { productName: 'Green Cardamom', category: 'spices' },
      { productName: 'Turmeric Powder', description: 'Lifts your morning tea', category: 'spices' },
      { productName: 'Clay Vase', description: 'Pairs well with a brass lamp', category: 'decor' },
      { productName: 'Gold Chain', category: 'jewellery' },
      { productName: 'Teak Chair', category: 'furniture' },
      { productName: 'Car Charger', category: 'gadgets' },
      { productName: 'Cotton Kurta', category: 'clothing' },
      { productName: 'Glass Bangles', category: 'jewellery' },
      { productName: 'Black Pepper', category: 'spices' },
      { productName: 'White Pepper', category: 'spices' },
    ]);
  });

  it('takes a word the shop has as itself, before its synonyms, and never as a prefix', async () => {
    expect(names(await found({ searchQuery: 'chai', ...shop }))).toEqual(['Masala Chai', 'Assam Tea', 'Turmeric Powder']);
    expect(names(await found({ searchQuery: 'tea', ...shop }))).toEqual(['Assam Tea', 'Masala Chai', 'Turmeric Powder']);
    // A word no document has whole is a prefix: 'cott' finds Cotton.
    expect(names(await found({ searchQuery: 'cott', ...shop }))).toEqual(['Cotton Kurta']);
    // One word each: exact (masala) before prefix (cott) before typo (cardamon), newest last.
    expect(names(await found({ searchQuery: 'masala cott cardamon', ...shop }))).toEqual(['Masala Chai', 'Cotton Kurta', 'Green Cardamom']);
  });

  it('ranks a name match above a description match, recency only breaking ties', async () => {
    expect(names(await found({ searchQuery: 'brass lamp', ...shop }))).toEqual(['Brass Lamp', 'Clay Vase', 'Table Lamp']);
    expect(names(await found({ searchQuery: 'lamp', ...shop }))).toEqual(['Table Lamp', 'Brass Lamp', 'Clay Vase']);
  });

  it('finds the singular for a plural', async () => {
    expect(names(await found({ searchQuery: 'lamps', ...shop }))).toEqual(['Table Lamp', 'Brass Lamp', 'Clay Vase']);
    expect(names(await found({ searchQuery: 'brass lamps', ...shop }))).toEqual(['Brass Lamp', 'Clay Vase', 'Table Lamp']);
  });

  it('corrects a typo to a word of its length, never to a short different word', async () => {
    expect(names(await found({ searchQuery: 'cardamon', ...shop }))).toEqual(['Green Cardamom']);
    expect(names(await found({ searchQuery: 'cardamon', filter: 'Products' }))).toEqual(['Green Cardamom']);
    // Two letters swapped is one typo.
    expect(names(await found({ searchQuery: 'cottno', ...shop }))).toEqual(['Cotton Kurta']);
  });

  it('still returns the matches of one word when the other matches nothing', async () => {
    const p = await found({ searchQuery: 'brass zzzqqq', ...shop });
    expect(names(p)).toEqual(['Brass Lamp', 'Clay Vase']);
    expect(p.count).toBe(2);
    expect(names(await found({ searchQuery: 'cardamom zzzqqq', filter: 'Products' }))).toEqual(['Green Cardamom']);
  });

  it('finds the English name for Hinglish and Hindi words, and back', async () => {
    expect(names(await found({ searchQuery: 'haldi', ...shop }))).toEqual(['Turmeric Powder']);
    expect(names(await found({ searchQuery: 'हल्दी', ...shop }))).toEqual(['Turmeric Powder']);
    expect(names(await found({ searchQuery: 'elaichi', ...shop }))).toEqual(['Green Cardamom']);
    // A synonym phrase: 'kali mirch' is 'black pepper'; 'black pepper' still lists what has one of its words.
    expect(names(await found({ searchQuery: 'kali mirch', ...shop }))).toEqual(['Black Pepper']);
    expect(names(await found({ searchQuery: 'black pepper', ...shop }))).toEqual(['Black Pepper', 'White Pepper']);
    // Through the synonym's plural: chudi -> bangle -> bangles.
    expect(names(await found({ searchQuery: 'chudi', ...shop }))).toEqual(['Glass Bangles']);
    expect(names(await found({ searchQuery: 'चाय', ...shop }))).toEqual(['Assam Tea', 'Masala Chai', 'Turmeric Powder']);
    // Devanagari names are found by their Latin spelling too.
    expect(names(await found({ searchQuery: 'diya', businessName: 'search-a' }))).toEqual(['पीतल दीया']);
  });
});

describe('public search: scope and visibility', () => {
  it('never shows private, blocked or other businesses items in business scope', async () => {
    const p = await found({ searchQuery: 'sofa', businessName: 'search-a', perPage: 100 });
    expect(names(p).sort()).toEqual(['Living Room Sofas', 'Oak Table', 'Reading Lamp', 'Velvet Sofa']);
    for (const item of p.searchedData) expect(item.businessName).toBe('search-a');
  });

  it('ranks across every business too: names (newest first), then tags, then descriptions', async () => {
    const p = await found({ searchQuery: 'sofa', filter: 'Products' });
    expect(names(p)).toEqual(['Bench Sofa', 'Sofa Bed', 'Velvet Sofa', 'Reading Lamp', 'Oak Table']);
    expect(p.count).toBe(5);
    expect(p.countCapped).toBe(false);
  });

  it('finds typos and prefixes across every business', async () => {
    expect(names(await found({ searchQuery: 'sofq', filter: 'Products' }))).toContain('Sofa Bed');
    expect(names(await found({ searchQuery: 'ben', filter: 'Products' }))).toEqual(['Bench Sofa', 'Garden Bench']);
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

describe('public search: paging, sorting, refusals', () => {
  beforeAll(async () => {
    await insert(
      a.businessId,
      Array.from({ length: 20 }, (_, i) => ({ productName: `Widget ${String(i + 1).padStart(2, '0')}` })),
    );
  });

  it('pages exactly, with exact counts and page totals', async () => {
    const p1 = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Alphabetically A-Z' });
    const p2 = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Alphabetically A-Z', pageNo: 2 });
    const p3 = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Alphabetically A-Z', pageNo: 3 });
    expect(p1.searchedData).toHaveLength(15);
    expect(p2.searchedData).toHaveLength(5);
    expect([p1.count, p2.count, p3.count]).toEqual([20, 20, 20]);
    expect(p1.maxTotal).toBe(2);
    expect(p3.searchedData).toEqual([]);
    expect([...names(p1), ...names(p2)]).toEqual(Array.from({ length: 20 }, (_, i) => `Widget ${String(i + 1).padStart(2, '0')}`));
  });

  it('sorts by the SPEC options', async () => {
    const zA = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Alphabetically Z-A', perPage: 3 });
    expect(names(zA)).toEqual(['Widget 20', 'Widget 19', 'Widget 18']);
    const newest = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Date, new to old', perPage: 2 });
    expect(names(newest)).toEqual(['Widget 20', 'Widget 19']);
    const oldest = await found({ searchQuery: 'widget', businessName: 'search-a', sort: 'Date, old to new', perPage: 2 });
    expect(names(oldest)).toEqual(['Widget 01', 'Widget 02']);
  });

  it('refuses an empty term with a clear error', async () => {
    for (const searchQuery of ['', '   ']) {
      const res = await search({ searchQuery, businessName: 'search-a' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(searchTexts.termRequired);
    }
    const missing = await app.inject({ method: 'GET', url: '/api/public/user/search?businessName=search-a' });
    expect(missing.statusCode).toBe(400);
  });

  it('treats query syntax and hostile text as plain words, never a server error', async () => {
    for (const searchQuery of ["'", "\\'", ':*', '!&|()<->', '%_', 'x'.repeat(200), 'sofa:A | oak']) {
      const res = await search({ searchQuery, businessName: 'search-a' });
      expect(res.statusCode, `${searchQuery}: ${res.body}`).toBe(200);
    }
    expect((await search({ searchQuery: 'x'.repeat(201) })).statusCode).toBe(400);
    // control characters in a URL are refused at the edge (http/hostile-input.ts)
    expect((await search({ searchQuery: 'a\u0000b', businessName: 'search-a' })).statusCode).toBe(400);
    expect((await search({ searchQuery: 'sofa', sort: 'Cheapest' })).statusCode).toBe(400);
    expect((await search({ searchQuery: 'sofa', pageNo: 99999999 })).statusCode).toBe(200);
  });
});

describe('search suggestions (nav box)', () => {
  async function suggest(args: Record<string, string>) {
    const res = await app.inject({ method: 'GET', url: '/api/public/user/searchSuggestions', query: args });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload.suggestions as string[];
  }

  it('suggests visible names of the business with a word starting with the typed text', async () => {
    const s = await suggest({ searchQuery: 'sof', businessName: 'search-a' });
    expect(s.sort()).toEqual(['Living Room Sofas', 'Velvet Sofa']);
  });

  it('completes a one-letter word as it is typed', async () => {
    expect(await suggest({ searchQuery: 'v', businessName: 'search-a' })).toEqual(['Velvet Sofa']);
  });

  it('gives at most 10, names starting with the text first', async () => {
    const s = await suggest({ searchQuery: 'wid', businessName: 'search-a' });
    expect(s).toHaveLength(10);
    expect(s[0]).toBe('Widget 01');
    const across = await suggest({ searchQuery: 'sofa' });
    expect(across[0]).toBe('Sofa Bed');
    expect(across).not.toContain('Blocked Shop Sofa');
  });
});

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
    const antique = uuidv7();
    await app.ctx.db.insert(products).values({
      businessId: b.businessId,
      id: antique,
      productName: 'Antique Kettle Teapot',
      description: 'Plain item',
      category: 'general',
      tags: [],
      images: [],
      isPublic: true,
      isBlocked: false,
      createdAt: new Date(Date.UTC(2020, 0, 1)),
    });
    await productsWritten(app.ctx.db, { businessId: b.businessId, ids: [antique] });
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
