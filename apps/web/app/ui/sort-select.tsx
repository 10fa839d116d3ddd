import { type SortOption, sortOptions } from '@stashblog/contract/sort-options';
import { useRef } from 'react';
import { useEarlyValue } from './use-early-value';

/** The four SPEC §9 sort options of a storefront list (listings, a catalogue's products). */
export function SortSelect({ value, onChange }: { value: SortOption; onChange: (sort: SortOption) => void }) {
  const select = useRef<HTMLSelectElement>(null);
  // a sort chosen before the page hydrated
  useEarlyValue(select, value, (chosen) => onChange(chosen as SortOption));
  return (
    <label className="flex items-center gap-2 text-sm">
      <span>Sort by</span>
      <select
        ref={select}
        value={value}
        onChange={(e) => onChange(e.target.value as SortOption)}
        className="rounded border border-text/30 bg-background px-2 py-2 text-text"
      >
        {sortOptions.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}
