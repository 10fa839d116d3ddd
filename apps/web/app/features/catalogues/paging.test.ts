import { describe, expect, it } from 'vitest';
import { nextPageParam, pageSizeFor, uniqueById } from './paging';

describe('catalogue page infinite scroll paging', () => {
  it('uses 10 per page from 1280 px and 6 below (SPEC §9)', () => {
    expect(pageSizeFor(1280)).toBe(10);
    expect(pageSizeFor(1279)).toBe(6);
    expect(pageSizeFor(360)).toBe(6);
  });
  it('stops when everything is loaded', () => {
    expect(nextPageParam(12, 12, 10)).toBeUndefined();
    expect(nextPageParam(0, 0, 6)).toBeUndefined();
  });
  it('continues a wide first page in the narrow size from the page holding the next unseen item', () => {
    expect(nextPageParam(10, 30, 10)).toEqual({ pageNo: 2, perPage: 10 });
    expect(nextPageParam(10, 30, 6)).toEqual({ pageNo: 2, perPage: 6 }); // items 7-12: 7-10 are dropped as duplicates
    expect(nextPageParam(12, 30, 6)).toEqual({ pageNo: 3, perPage: 6 });
  });
  it('drops duplicates across pages, keeping the first', () => {
    const p = (id: string) => ({ _id: id });
    expect(uniqueById([{ products: [p('a'), p('b')] }, { products: [p('b'), p('c')] }]).map((x) => x._id)).toEqual(['a', 'b', 'c']);
  });
});
