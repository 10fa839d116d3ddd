import { describe, expect, it } from 'vitest';
import { cardHashtags, modalTags } from './overflow';

const list = (n: number) => Array.from({ length: n }, (_, i) => `c${i + 1}`);

describe('cardHashtags (SPEC cards: more than 6 → first 5 and +N more)', () => {
  it('shows up to 6 categories as they are', () => {
    expect(cardHashtags(list(6))).toEqual({ shown: list(6), more: 0 });
    expect(cardHashtags([])).toEqual({ shown: [], more: 0 });
  });
  it('shows the first 5 and counts the rest past 6', () => {
    expect(cardHashtags(list(7))).toEqual({ shown: list(5), more: 2 });
    expect(cardHashtags(list(20))).toEqual({ shown: list(5), more: 15 });
  });
});

describe('modalTags (SPEC §9: 7 shown, then +N more when over 8)', () => {
  it('shows all of up to 8 tags', () => {
    expect(modalTags(list(7))).toEqual({ shown: list(7), more: 0 });
    expect(modalTags(list(8))).toEqual({ shown: list(8), more: 0 });
  });
  it('shows 7 and counts the rest from 9 tags on', () => {
    expect(modalTags(list(9))).toEqual({ shown: list(7), more: 2 });
  });
});
