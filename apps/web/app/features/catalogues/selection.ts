import { useReducer } from 'react';

// SPEC §4 selection mode: 'Select' turns it on; 'Deselect all' leaves it and clears the selection.
export type Selection = { selecting: boolean; selected: string[] };
export type SelectionAction = { type: 'toggleMode' } | { type: 'toggle'; id: string } | { type: 'clear' };

export const noSelection: Selection = { selecting: false, selected: [] };

export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'toggleMode':
      return state.selecting ? noSelection : { selecting: true, selected: [] };
    case 'toggle':
      if (!state.selecting) return state;
      return state.selected.includes(action.id)
        ? { ...state, selected: state.selected.filter((id) => id !== action.id) }
        : { ...state, selected: [...state.selected, action.id] };
    case 'clear':
      return noSelection;
  }
}

/** 'Send Query' shows only in selection mode with at least one product picked. */
export const canSendQuery = (s: Selection) => s.selecting && s.selected.length > 0;

export function useSelection() {
  return useReducer(selectionReducer, noSelection);
}
