import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow, totalPagesOf } from './pagination';

afterEach(cleanup);

describe('pageWindow', () => {
  it('shows every page when there are at most five', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps five pages centred on the current page', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });

  it('pins the window to the first and last pages at the edges', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('clamps a page outside the range and answers nothing without pages', () => {
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('counts pages from a total and a page size', () => {
    expect(totalPagesOf(0, 12)).toBe(0);
    expect(totalPagesOf(12, 12)).toBe(1);
    expect(totalPagesOf(13, 12)).toBe(2);
  });
});

describe('Pagination', () => {
  it('marks the current page and reports the page clicked', () => {
    const onChange = vi.fn();
    render(<Pagination page={3} totalPages={10} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '3' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: '6' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange.mock.calls).toEqual([[5], [4]]);
  });

  it('disables previous on the first page and renders nothing for one page', () => {
    const { rerender } = render(<Pagination page={1} totalPages={4} onChange={() => {}} />);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Pagination page={1} totalPages={1} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('with hrefOf, pages are links to their URL; a plain click calls onChange instead of following', () => {
    const onChange = vi.fn();
    render(<Pagination page={1} totalPages={3} onChange={onChange} hrefOf={(p) => `/search?pageNo=${p}`} />);
    const two = screen.getByRole('link', { name: '2' });
    expect(two.getAttribute('href')).toBe('/search?pageNo=2');
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/search?pageNo=2');
    expect(screen.getByRole('link', { name: '1' }).getAttribute('aria-current')).toBe('page');
    // No previous page: nothing to follow or focus.
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    two.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(true);
    // Ctrl/Cmd-click opens the page in a new tab, as any link does.
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    screen.getByRole('link', { name: '3' }).dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    expect(onChange.mock.calls).toEqual([[2]]);
  });
});
