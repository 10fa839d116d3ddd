import { endpoints } from '@stashblog/contract/endpoints';
import { limits } from '@stashblog/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiPayload } from '../../lib/api-client';
import { Field } from '../../ui/field';

const other = 'Other';

type Props = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  /** react-hook-form focuses the first invalid field through this ref. */
  inputRef?: React.Ref<HTMLInputElement & HTMLTextAreaElement>;
};

/** SPEC §5 category: suggestions from the owner's categories, plus 'Other' to type a new one. */
export function CategoryField({ value, onChange, onBlur, error, disabled, inputRef }: Props) {
  const [typed, setTyped] = useState(value);
  const [isOther, setIsOther] = useState(false);
  const [search, setSearch] = useState('');
  useEffect(() => setTyped(value), [value]);
  useEffect(() => {
    const t = setTimeout(() => setSearch(isOther ? '' : typed.trim()), 250);
    return () => clearTimeout(t);
  }, [typed, isOther]);

  const { data } = useQuery({
    queryKey: ['product-categories', search],
    queryFn: () =>
      apiPayload(endpoints.userAdminProducts.fetchCategories, {
        category: search || undefined,
        perPage: limits.productCategorySuggestions,
      }),
    enabled: !isOther,
  });
  const suggestions = (data?.categories ?? []).filter((c) => c !== typed);

  function choose(next: string) {
    if (next === other) {
      setIsOther(true);
      setTyped('');
      onChange('');
      return;
    }
    setIsOther(false);
    setTyped(next);
    onChange(next);
  }

  return (
    <div className="flex flex-col gap-1">
      <Field
        ref={inputRef}
        label={isOther ? 'New category' : 'Category'}
        value={typed}
        disabled={disabled}
        autoComplete="off"
        placeholder={isOther ? 'Type a new category' : 'Search or pick a category'}
        error={error}
        onChange={(e) => {
          setTyped(e.target.value);
          onChange(e.target.value);
        }}
        onBlur={onBlur}
      />
      <ul className="flex flex-wrap gap-2" aria-label="Category suggestions">
        {isOther
          ? null
          : suggestions.map((c) => (
              <li key={c}>
                <button type="button" onClick={() => choose(c)} className="rounded-full bg-surface px-3 py-1 text-sm hover:underline">
                  {c}
                </button>
              </li>
            ))}
        <li>
          <button
            type="button"
            aria-pressed={isOther}
            onClick={() => (isOther ? setIsOther(false) : choose(other))}
            className={`rounded-full px-3 py-1 text-sm ${isOther ? 'bg-primary text-on-primary' : 'bg-surface'}`}
          >
            {other}
          </button>
        </li>
      </ul>
    </div>
  );
}
