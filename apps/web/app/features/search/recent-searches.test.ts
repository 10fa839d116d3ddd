import { searchStorageKey } from '@stashblog/contract/search-options';
import { beforeEach, describe, expect, it } from 'vitest';
import { readRecent, rememberSearch, withRecent } from './recent-searches';

describe('recent searches', () => {
  beforeEach(() => localStorage.clear());

  it('puts the newest first and drops an earlier copy, ignoring case and spaces', () => {
    expect(withRecent(['lamp', 'Sofa', 'chair'], ' sofa ')).toEqual(['sofa', 'lamp', 'chair']);
  });

  it('keeps only the last 10 and ignores empty text', () => {
    let list: string[] = [];
    for (let i = 1; i <= 12; i++) list = withRecent(list, `term ${i}`);
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('term 12');
    expect(list.at(-1)).toBe('term 3');
    expect(withRecent(list, '   ')).toEqual(list);
  });

  it('lives in localStorage searchSuggestion and survives bad stored data', () => {
    rememberSearch('sofa');
    rememberSearch('lamp');
    expect(JSON.parse(localStorage.getItem(searchStorageKey) ?? '')).toEqual(['lamp', 'sofa']);
    expect(readRecent()).toEqual(['lamp', 'sofa']);
    localStorage.setItem(searchStorageKey, '{not json');
    expect(readRecent()).toEqual([]);
    localStorage.setItem(searchStorageKey, JSON.stringify(['ok', 3, null, '']));
    expect(readRecent()).toEqual(['ok']);
  });
});
