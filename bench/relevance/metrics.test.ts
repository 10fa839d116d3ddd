import { describe, expect, it } from 'vitest';
import { ndcgAt, precisionAt, recallAt, reciprocalRank } from './metrics.ts';

const grades = new Map([
  ['a', 3],
  ['b', 1],
  ['c', 0],
]);

describe('relevance metrics', () => {
  it('nDCG is 1 for the ideal order, lower for a worse one, 0 without a relevant item', () => {
    expect(ndcgAt(10, ['a', 'b'], grades)).toBeCloseTo(1);
    const swapped = (1 / Math.log2(2) + 7 / Math.log2(3)) / (7 / Math.log2(2) + 1 / Math.log2(3));
    expect(ndcgAt(10, ['b', 'a'], grades)).toBeCloseTo(swapped);
    expect(ndcgAt(1, ['c', 'a'], grades)).toBe(0);
    expect(ndcgAt(10, ['a'], new Map())).toBe(0);
  });

  it('recall counts relevant items found within k', () => {
    expect(recallAt(15, ['c', 'a'], grades)).toBe(0.5);
    expect(recallAt(1, ['c', 'a', 'b'], grades)).toBe(0);
    expect(recallAt(3, ['c', 'a', 'b'], grades)).toBe(1);
  });

  it('precision divides by k, also when fewer results come back', () => {
    expect(precisionAt(5, ['a', 'c', 'b'], grades)).toBe(0.4);
  });

  it('reciprocal rank is 1 / the first relevant position', () => {
    expect(reciprocalRank(['c', 'b', 'a'], grades)).toBe(0.5);
    expect(reciprocalRank(['c'], grades)).toBe(0);
  });
});
