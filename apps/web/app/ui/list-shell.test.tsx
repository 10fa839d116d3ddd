import { act, cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListShell } from './list-shell';
import { useBusy } from './use-busy';

afterEach(cleanup);

type Lead = { id: string; name: string; phone: string };
const leads: Lead[] = [
  { id: 'a', name: 'Asha', phone: '9876543210' },
  { id: 'b', name: 'Ravi', phone: '9123456780' },
];
const columns = [
  { header: 'Name', cell: (l: Lead) => l.name },
  { header: 'Phone', cell: (l: Lead) => l.phone },
];

describe('ListShell', () => {
  it('shows a loading status, then the rows under their column headers with each row’s actions', () => {
    const base = { title: 'Leads', itemKey: (l: Lead) => l.id, columns, loadingLabel: 'Loading leads', empty: 'No leads yet.' };
    const { rerender } = render(<ListShell {...base} items={undefined} isPending />);
    expect(screen.getByRole('status', { name: 'Loading leads' })).toBeTruthy();
    rerender(<ListShell {...base} items={leads} isPending={false} rowActions={(l) => <button type="button">Delete {l.name}</button>} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Phone', 'Actions']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['NameAsha', 'NameRavi']);
    expect(within(rows[1]).getByRole('button', { name: 'Delete Ravi' })).toBeTruthy();
  });

  it('shows the empty state, the error text, tabs and search', () => {
    const seen: string[] = [];
    const props = {
      title: 'Leads',
      itemKey: (l: Lead) => l.id,
      columns,
      loadingLabel: 'Loading leads',
      empty: <p>No leads match your search.</p>,
      tabs: {
        label: 'Lead lists',
        options: [
          { value: 'products', label: 'Products' },
          { value: 'catalogues', label: 'Catalogues' },
        ] as const,
        value: 'products' as const,
        onChange: (t: string) => seen.push(`tab:${t}`),
      },
      search: { label: 'Search leads', placeholder: 'Search', value: '', onChange: (t: string) => seen.push(`search:${t}`) },
    };
    const { rerender } = render(<ListShell {...props} items={[]} isPending={false} />);
    expect(screen.getByText('No leads match your search.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Products' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Catalogues' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search leads' }), { target: { value: 'asha' } });
    expect(seen).toEqual(['tab:catalogues', 'search:asha']);
    // ARIA tabs: the tabs control the panel that holds the list, labelled by the selected tab;
    // the arrow keys select the next tab
    const panel = screen.getByRole('tabpanel', { name: 'Products' });
    expect(within(panel).getByText('No leads match your search.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Catalogues' }).getAttribute('aria-controls')).toBe(panel.id);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Products' }), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Products' }), { key: 'End' });
    expect(seen.slice(2)).toEqual(['tab:catalogues', 'tab:catalogues']);
    rerender(<ListShell {...props} items={undefined} isPending={false} error={new Error('Network down')} />);
    expect(screen.getByRole('alert').textContent).toBe('Network down');
  });

  it('renders cards and paging when the list asks for them', () => {
    const pages: number[] = [];
    render(
      <ListShell
        title="Products"
        items={leads}
        itemKey={(l) => l.id}
        isPending={false}
        loadingLabel="Loading"
        empty="none"
        renderCard={(l) => <article>{l.name}</article>}
        paging={{ page: 1, totalPages: 3, onChange: (p) => pages.push(p), label: 'Products pages' }}
      />,
    );
    expect(screen.getAllByRole('article').map((a) => a.textContent)).toEqual(['Asha', 'Ravi']);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Products pages' })).getByRole('button', { name: '2' }));
    expect(pages).toEqual([2]);
  });
});

describe('useBusy (SPEC §4: actions are blocked while a request is in flight)', () => {
  it('ignores a second action on the same item until the first settles, and frees it after', async () => {
    const { result } = renderHook(() => useBusy());
    let finish = () => {};
    const calls: string[] = [];
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run('a', () => new Promise<void>((r) => (finish = r)).then(() => void calls.push('first')));
      void result.current.run('a', async () => void calls.push('second'));
    });
    expect(result.current.isBusy('a')).toBe(true);
    expect(result.current.isBusy('b')).toBe(false);
    await act(async () => {
      finish();
      await first;
    });
    expect(calls).toEqual(['first']);
    expect(result.current.isBusy('a')).toBe(false);
    await act(() => result.current.run('a', async () => void calls.push('third')));
    expect(calls).toEqual(['first', 'third']);
  });
});
