import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';

type FieldNode = HTMLInputElement | HTMLTextAreaElement;

/** A problem as a contract schema reports it (zod's issue shape, without importing zod). */
export type Issue = { path: readonly PropertyKey[]; message: string };
export type FormErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message per field (the schema's order is SPEC's order), keyed by the issue's top-level name. */
export function errorsFromIssues<K extends string>(issues: readonly Issue[], rename: Partial<Record<string, K>> = {}): FormErrors<K> {
  const errors: FormErrors<K> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[(rename[key] ?? key) as K] ??= issue.message;
  }
  return errors;
}

/**
 * The public forms' pattern (docs/decisions/043-form-patterns.md): plain controlled fields, checked
 * on submit with the contract schema the form imports lazily (decision 016: public pages ship no zod),
 * its messages kept per field until that field is edited.
 *
 * The fields survive a page hydrating late (docs/decisions/027). Text typed before React took over
 * is in the fields but not in state, and React would set the rendered text back on its next render:
 * each field's own value is taken over once, at hydration (as `useEarlyValue` does for a single
 * field). A submission made before hydration is replayed right after it (lib/after-first-paint.tsx),
 * in the same task as the take-over and before React renders it, so a submit handler reads
 * `current()`, not `values`.
 */
export function useFormValues<V extends Record<string, string>>(initial: V) {
  type Key = keyof V & string;
  const [values, setValues] = useState(initial);
  // Keyed by field, plus any the form shows elsewhere (a query's 'products').
  const [errors, setErrors] = useState<FormErrors>({});
  const latest = useRef(values);
  const nodes = useRef(new Map<Key, FieldNode>());

  const setValue = useCallback((key: Key, value: string) => {
    latest.current = { ...latest.current, [key]: value };
    setValues(latest.current);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` is the form's empty values, the same every render
  const reset = useCallback((next: V = initial) => {
    latest.current = next;
    setValues(next);
    setErrors({});
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration (the fields' refs are set by then)
  useEffect(() => {
    for (const [key, node] of nodes.current) if (node.value !== latest.current[key]) setValue(key, node.value);
  }, []);

  /** What a `Field` spreads: name, value, its message, the change handler (which clears that message) and the ref the take-over reads. */
  const field = (key: Key, { map }: { map?: (value: string) => string } = {}) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: ChangeEvent<FieldNode>) => {
      setValue(key, map ? map(e.target.value) : e.target.value);
      setErrors((x) => (x[key] ? { ...x, [key]: undefined } : x));
    },
    ref: (node: FieldNode | null) => {
      if (node) nodes.current.set(key, node);
      else nodes.current.delete(key);
    },
  });

  /** Shows a failed check's messages (empty: clears them) and moves focus to the first field in it. */
  const showErrors = useCallback((next: FormErrors) => {
    setErrors(next);
    const first = Object.keys(next).find((k) => next[k] && nodes.current.has(k));
    if (first) nodes.current.get(first)?.focus();
  }, []);

  return { values, errors, field, current: () => latest.current, setValue, reset, showErrors };
}
