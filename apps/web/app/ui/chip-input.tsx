import { useId, useState } from 'react';

/** SPEC §5: Enter adds; empties and duplicates are ignored; tags are lowercased. Returns the list unchanged when nothing is added. */
export function addChip(values: readonly string[], raw: string, lowercase = false): string[] {
  const trimmed = raw.trim();
  const item = lowercase ? trimmed.toLowerCase() : trimmed;
  if (!item || values.includes(item)) return values as string[];
  return [...values, item];
}

type Props = {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  lowercase?: boolean;
  placeholder?: string;
  error?: string;
};

export function ChipInput({ label, values, onChange, lowercase = false, placeholder, error }: Props) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const add = () => {
    const next = addChip(values, draft, lowercase);
    if (next !== values) onChange(next);
    setDraft('');
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          placeholder={placeholder ?? 'Type and press Enter'}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
          className="min-w-0 flex-1 rounded border border-black/20 bg-background px-3 py-2"
        />
        <button type="button" onClick={add} className="rounded border border-primary px-3 py-2 text-sm">
          Add
        </button>
      </div>
      {values.length ? (
        <ul className="flex flex-wrap gap-2 pt-1" aria-label={`${label} added`}>
          {values.map((v) => (
            <li key={v} className="flex items-center gap-1 rounded-full bg-surface px-3 py-1 text-sm">
              <span className="break-all">{v}</span>
              <button
                type="button"
                aria-label={`Remove ${v}`}
                onClick={() => onChange(values.filter((x) => x !== v))}
                className="rounded-full px-1 leading-none hover:bg-black/10"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
