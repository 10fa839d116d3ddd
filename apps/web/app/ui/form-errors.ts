import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast } from './toasts';

// How both form patterns (docs/decisions/043-form-patterns.md) turn a contract check into what people see.

/** A problem as a contract schema reports it (zod's issue shape, without importing zod). */
export type Issue = { path: readonly PropertyKey[]; message: string };
export type FormErrors<K extends string = string> = Partial<Record<K, string>>;

/** Public forms: the first message per field (the schema's order is SPEC's order), keyed by the issue's top-level name. */
export function errorsFromIssues<K extends string>(issues: readonly Issue[], rename: Partial<Record<string, K>> = {}): FormErrors<K> {
  const errors: FormErrors<K> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[(rename[key] ?? key) as K] ??= issue.message;
  }
  return errors;
}

/** react-hook-form's invalid handler for forms that also warn by toast (SPEC §5): the first problem, in the schema's order. */
export function toastFirstError<T extends FieldValues>(errors: FieldErrors<T>) {
  const first = Object.values(errors)[0]?.message;
  if (typeof first === 'string') toast.warning(first);
}
