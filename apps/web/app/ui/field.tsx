import { useId } from 'react';

// The one labelled input of every form (docs/decisions/043-form-patterns.md). Its value comes from the
// form's pattern: react-hook-form's `register(name)` in account and workspace forms, `useFormValues`'
// `field(name)` in public forms; either spreads straight onto it.

/** Where the form sits: the workspace and account pages, a themed storefront, or the marketing site. */
export type FieldLook = 'workspace' | 'store' | 'marketing';

const looks: Record<FieldLook, { box: string; label: string; control: string; invalid: string; prefix: string; error: string }> = {
  workspace: {
    box: 'flex flex-col gap-1',
    label: 'font-medium text-sm',
    control: 'rounded border border-black/20 bg-background px-3 py-2',
    invalid: '',
    prefix: 'inline-flex items-center rounded-l border border-black/20 border-r-0 bg-surface px-2 text-sm text-text/70',
    error: 'text-red-700 text-sm',
  },
  // Red text fails contrast on the dark themes; a red bar with text in the theme colour works on all.
  store: {
    box: 'flex flex-col gap-1',
    label: 'font-medium text-sm',
    control: 'w-full rounded border border-text/40 bg-background px-3 py-2 text-text',
    invalid: '',
    prefix: 'inline-flex items-center rounded-l border border-text/40 border-r-0 px-2 text-sm',
    error: 'border-red-600 border-l-4 pl-2 font-semibold text-sm',
  },
  marketing: {
    box: 'flex flex-col gap-1.5',
    label: 'font-medium text-slate-700 text-sm',
    control:
      'w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30',
    invalid: 'border-red-600',
    prefix: 'inline-flex items-center rounded-l-lg border border-slate-300 border-r-0 bg-slate-50 px-3 text-slate-600',
    error: 'font-medium text-red-700 text-sm',
  },
};

export type FieldProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  label: string;
  /** The SPEC/contract message for this field; shown under it, announced, and tied to it by aria-describedby. */
  error?: string;
  /** A note under the field while it has no error (format help, a live status). */
  hint?: React.ReactNode;
  /** Inside the field's border, before the text ('+91'); a string gets the look's prefix box. */
  prefix?: React.ReactNode;
  /** Beside the field (a Show or Generate button, a match mark). */
  after?: React.ReactNode;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  look?: FieldLook;
  ref?: React.Ref<HTMLInputElement & HTMLTextAreaElement>;
};

export function Field({ label, error, hint, prefix, after, rows, look = 'workspace', id, className = '', ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const style = looks[look];
  const note = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  const common = {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': note,
    className: [style.control, error && style.invalid, (prefix || after) && 'min-w-0 flex-1', prefix && 'rounded-l-none', className]
      .filter(Boolean)
      .join(' '),
  };
  let control = rows ? (
    <textarea rows={rows} {...common} {...(input as React.TextareaHTMLAttributes<HTMLTextAreaElement>)} />
  ) : (
    <input {...common} {...input} />
  );
  if (prefix) {
    control = (
      <div className="flex min-w-0 flex-1">
        {typeof prefix === 'string' ? <span className={style.prefix}>{prefix}</span> : prefix}
        {control}
      </div>
    );
  }
  return (
    <div className={style.box}>
      <label htmlFor={inputId} className={style.label}>
        {label}
      </label>
      {after ? (
        <div className="flex flex-wrap items-center gap-2">
          {control}
          {after}
        </div>
      ) : (
        control
      )}
      {error ? (
        <p id={note} role="alert" className={style.error}>
          {error}
        </p>
      ) : hint ? (
        <div id={note}>{hint}</div>
      ) : null}
    </div>
  );
}
