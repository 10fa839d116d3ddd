import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast } from './toasts';

// Account and workspace forms (docs/decisions/043-form-patterns.md) whose SPEC warnings are toasts.

/** react-hook-form's invalid handler for forms that also warn by toast (SPEC §5): the first problem, in the schema's order. */
export function toastFirstError<T extends FieldValues>(errors: FieldErrors<T>) {
  const first = Object.values(errors)[0]?.message;
  if (typeof first === 'string') toast.warning(first);
}
