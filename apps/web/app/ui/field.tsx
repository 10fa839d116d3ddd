import { useId } from 'react';

// The one labelled input of every form (docs/decisions/043-form-patterns.md). Its value comes from the
// form's pattern: react-hook-form's `register(name)` in account and workspace forms, `useFormValues`'
// `field(name)` in public forms; either spreads straight onto it.

/** How a field looks where its form sits (class lists): the workspace's by default, `storeLook` on themed storefronts, the marketing site's its own (features/marketing). */
export type FieldLook = { box: string; label: string; control: string; invalid?: string; prefix?: string; note?: string; error: string };

export const workspaceLook: FieldLook = {
  box: 'flex flex-col gap-1',
  label: 'font-medium text-sm',
  control: 'rounded border border-black/20 bg-background px-3 py-2',
  prefix: 'inline-flex items-center rounded-l border border-black/20 border-r-0 bg-surface px-2 text-sm text-text/70',
  note: 'text-muted',
  error: 'text-red-700 text-sm',
};

// Red text fails contrast on the dark themes; a red bar with text in the theme colour works on all.
export const storeLook: FieldLook = {
  ...workspaceLook,
  control: 'w-full rounded border border-text/40 bg-background px-3 py-2 text-text',
  error: 'border-red-600 border-l-4 pl-2 font-semibold text-sm',
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

export function Field({ label, error, hint, prefix, after, rows, look: style = workspaceLook, id, className = '', ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
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
