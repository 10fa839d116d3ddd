import { type SortOption, sortOptions } from '@stashblog/contract/sort-options';
import { useRef } from 'react';
import { useEarlyValue } from '../../ui/use-early-value';

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
        className="rounded border border-black/20 bg-background px-2 py-1.5"
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
