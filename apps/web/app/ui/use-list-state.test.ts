import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListState } from './use-list-state';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('admin list state (SPEC §4)', () => {
  it('applies a search once typing settles, back on page 1', () => {
    const { result } = renderHook(() => useListState());
    act(() => result.current.setPage(3));
    act(() => result.current.setSearchText('  vase '));
    expect(result.current.search).toBe('');
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toMatchObject({ search: 'vase', page: 1 });
  });

  it('switching Casual/Promoted resets search and page to 1', () => {
    const { result } = renderHook(() => useListState());
    act(() => result.current.setSearchText('kettle'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.setPage(4));
    act(() => result.current.switchTab('promoted'));
    expect(result.current).toMatchObject({ tab: 'promoted', searchText: '', search: '', page: 1 });
  });

  it('takes any set of tabs, such as the leads Products/Catalogues tabs', () => {
    const { result } = renderHook(() => useListState<'products' | 'catalogues'>('products'));
    act(() => result.current.setSearchText('asha'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.setPage(2));
    act(() => result.current.switchTab('catalogues'));
    expect(result.current).toMatchObject({ tab: 'catalogues', search: '', page: 1 });
    act(() => result.current.switchTab('catalogues'));
    expect(result.current.tab).toBe('catalogues');
  });
});
