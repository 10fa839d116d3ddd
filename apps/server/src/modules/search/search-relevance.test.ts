import { beforeAll, describe, expect, it } from 'vitest';
import { names, searchFixtures } from '../../../test/search-fixtures.ts';
import { createTestApp } from '../../../test/test-app.ts';

// The 'Relevance' order (decision 054): score by field and match kind, plurals, typos scaled to the word, words that
// match nothing, Hinglish and Hindi synonyms. Every search runs through the plain and the steered path alike.

const app = await createTestApp();
const { insert, found } = searchFixtures(app);

describe('public search: relevance, plurals, typos and Hinglish (decision 054)', () => {
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

  it("finds tea for 'chai' and not chains or chairs: a word the shop has is itself, then its synonyms, never a prefix", async () => {
    const chai = names(await found({ searchQuery: 'chai', ...shop }));
    expect(chai).toEqual(['Masala Chai', 'Assam Tea', 'Turmeric Powder']);
    expect(chai).not.toContain('Gold Chain');
    expect(names(await found({ searchQuery: 'tea', ...shop }))).toEqual(['Assam Tea', 'Masala Chai', 'Turmeric Powder']);
    // A word no document has whole is a prefix: 'cott' finds Cotton.
    expect(names(await found({ searchQuery: 'cott', ...shop }))).toEqual(['Cotton Kurta']);
  });

  it('puts an exact word before a prefix before a typo', async () => {
    // One word each, newest last (Masala Chai is the oldest, Cotton Kurta the newest): only the match kind orders them.
    expect(names(await found({ searchQuery: 'masala cott cardamon', ...shop }))).toEqual(['Masala Chai', 'Cotton Kurta', 'Green Cardamom']);
    expect(names(await found({ searchQuery: 'cardamon cott masala', ...shop }))).toEqual(['Masala Chai', 'Cotton Kurta', 'Green Cardamom']);
  });

  it("ranks the things named by the word before what only starts with it: 'tea' finds teas before a tea caddy", async () => {
    const b = await app.owner('search-head');
    // Oldest first: by recency alone the caddy and the strainer set would lead.
    await insert(b.businessId, [
      { productName: 'Assam Tea' },
      { productName: 'Green Tea' },
      { productName: 'Tea Caddy' },
      { productName: 'Tea Strainer Set' },
    ]);
    // The word as the name's last word first; then the shorter name; recency last.
    expect(names(await found({ searchQuery: 'tea', businessName: 'search-head' }))).toEqual([
      'Green Tea',
      'Assam Tea',
      'Tea Caddy',
      'Tea Strainer Set',
    ]);
  });

  it('ranks a name match above a description match, recency only breaking ties', async () => {
    expect(names(await found({ searchQuery: 'brass lamp', ...shop }))).toEqual(['Brass Lamp', 'Clay Vase', 'Table Lamp']);
    expect(names(await found({ searchQuery: 'lamp', ...shop }))).toEqual(['Table Lamp', 'Brass Lamp', 'Clay Vase']);
  });

  it("finds the singular for a plural: 'lamps' finds every '… Lamp'", async () => {
    expect(names(await found({ searchQuery: 'lamps', ...shop }))).toEqual(['Table Lamp', 'Brass Lamp', 'Clay Vase']);
    expect(names(await found({ searchQuery: 'brass lamps', ...shop }))).toEqual(['Brass Lamp', 'Clay Vase', 'Table Lamp']);
  });

  it('corrects a typo to a word of its length, never to a short different word', async () => {
    expect(names(await found({ searchQuery: 'cardamon', ...shop }))).toEqual(['Green Cardamom']);
    expect(names(await found({ searchQuery: 'cardamon', filter: 'Products' }))).toEqual(['Green Cardamom']);
    // Two letters swapped is one typo, wherever they stand: 'chiar' and 'lmap' share too few letter triples with
    // 'chair' and 'lamp' for a similarity search to offer them.
    expect(names(await found({ searchQuery: 'cottno', ...shop }))).toEqual(['Cotton Kurta']);
    expect(names(await found({ searchQuery: 'chiar', ...shop }))).toEqual(['Teak Chair']);
    expect(names(await found({ searchQuery: 'lmap', ...shop }))).toEqual(['Table Lamp', 'Brass Lamp', 'Clay Vase']);
    expect(names(await found({ searchQuery: 'pepepr', ...shop }))).toEqual(['White Pepper', 'Black Pepper']);
  });

  it('still returns the matches of one word when the other matches nothing', async () => {
    const p = await found({ searchQuery: 'brass zzzqqq', ...shop });
    expect(names(p)).toEqual(['Brass Lamp', 'Clay Vase']);
    expect(p.count).toBe(2);
    expect(names(await found({ searchQuery: 'cardamom zzzqqq', filter: 'Products' }))).toEqual(['Green Cardamom']);
  });

  it("finds Turmeric for 'haldi' and 'हल्दी': the English name for Hinglish and Hindi words, and back", async () => {
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
    const puja = await app.owner('search-puja');
    await insert(puja.businessId, [{ productName: 'पीतल दीया', description: 'For Diwali' }, { productName: 'Steel Plate' }]);
    expect(names(await found({ searchQuery: 'diya', businessName: 'search-puja' }))).toEqual(['पीतल दीया']);
  });
});
