import { type SortOption, sortOptions } from '@stashblog/contract/sort-options';
import { useRef } from 'react';
import { useEarlyValue } from './use-early-value';

type Props<T extends string> = {
  value: T;
  onChange: (sort: T) => void;
  /** The SPEC §9 four by default; the search page adds Relevance. */
  options?: readonly T[];
  label?: string;
  /** The select is pointed at or focused: what a new order needs can start loading. */
  onPoint?: () => void;
};

/** A storefront list's sort (listings, a catalogue's products, search results). */
export function SortSelect<T extends string = SortOption>({ value, onChange, options, label = 'Sort by', onPoint }: Props<T>) {
  const select = useRef<HTMLSelectElement>(null);
  // a sort chosen before the page hydrated
  useEarlyValue(select, value, (chosen) => onChange(chosen as T));
  return (
    <label className="flex items-center gap-2 text-sm">
      <span>{label}</span>
      <select
        ref={select}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        onPointerEnter={onPoint}
        onFocus={onPoint}
        className="rounded border border-text/30 bg-background px-2 py-2 text-text"
      >
        {(options ?? (sortOptions as readonly string[] as readonly T[])).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}
