import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { canSendQuery, noSelection, selectionReducer, useSelection } from './selection';

afterEach(cleanup);

describe('selectionReducer (SPEC §4 selection mode)', () => {
  it('ignores product toggles outside selection mode', () => {
    expect(selectionReducer(noSelection, { type: 'toggle', id: 'a' })).toBe(noSelection);
  });
  it('toggles products on and off in selection mode, keeping the order picked', () => {
    let s = selectionReducer(noSelection, { type: 'toggleMode' });
    s = selectionReducer(s, { type: 'toggle', id: 'b' });
    s = selectionReducer(s, { type: 'toggle', id: 'a' });
    expect(s.selected).toEqual(['b', 'a']);
    s = selectionReducer(s, { type: 'toggle', id: 'b' });
    expect(s).toEqual({ selecting: true, selected: ['a'] });
  });
  it("leaving selection mode ('Deselect all') clears the selection", () => {
    let s = selectionReducer(noSelection, { type: 'toggleMode' });
    s = selectionReducer(s, { type: 'toggle', id: 'a' });
    expect(selectionReducer(s, { type: 'toggleMode' })).toEqual(noSelection);
  });
  it("'Send Query' needs selection mode and at least one product", () => {
    expect(canSendQuery(noSelection)).toBe(false);
    expect(canSendQuery({ selecting: true, selected: [] })).toBe(false);
    expect(canSendQuery({ selecting: true, selected: ['a'] })).toBe(true);
  });
});

function Harness() {
  const [s, dispatch] = useSelection();
  return (
    <>
      <button type="button" onClick={() => dispatch({ type: 'toggleMode' })}>
        {s.selecting ? 'Deselect all' : 'Select'}
      </button>
      <button type="button" onClick={() => dispatch({ type: 'toggle', id: 'p1' })}>
        toggle p1
      </button>
      {canSendQuery(s) ? <button type="button">Send Query</button> : null}
    </>
  );
}

describe('useSelection', () => {
  it('shows Send Query only after Select and a pick, and hides it again on Deselect all', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('toggle p1'));
    expect(screen.queryByText('Send Query')).toBeNull();
    fireEvent.click(screen.getByText('Select'));
    expect(screen.queryByText('Send Query')).toBeNull();
    fireEvent.click(screen.getByText('toggle p1'));
    expect(screen.getByText('Send Query')).toBeTruthy();
    fireEvent.click(screen.getByText('Deselect all'));
    expect(screen.queryByText('Send Query')).toBeNull();
    fireEvent.click(screen.getByText('Select'));
    expect(screen.queryByText('Send Query')).toBeNull();
  });
});
