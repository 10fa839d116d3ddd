import { useId } from 'react';

type FieldProps = React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

/** A labelled input with its SPEC validation message underneath. */
export function Field({ label, error, id, className = '', ...input }: FieldProps & { ref?: React.Ref<HTMLInputElement> }) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="font-medium text-sm">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={`rounded border border-black/20 bg-background px-3 py-2 ${className}`}
        {...input}
      />
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
