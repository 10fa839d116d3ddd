import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';

type FieldNode = HTMLInputElement | HTMLTextAreaElement;

/**
 * A form's controlled text fields that survive a page hydrating late (docs/decisions/027). Text
 * typed before React took over is in the fields but not in state, and React would set the rendered
 * text back on its next render: each field's own value is taken over once, at hydration (as
 * `useEarlyValue` does for a single field). A submission made before hydration is replayed right
 * after it (lib/after-first-paint.tsx), in the same task as the take-over and before React renders
 * it, so a submit handler reads `current()`, not `values`.
 */
export function useFormValues<V extends Record<string, string>>(initial: V, { onEdit }: { onEdit?: (key: keyof V) => void } = {}) {
  const [values, setValues] = useState(initial);
  const latest = useRef(values);
  const nodes = useRef(new Map<keyof V, FieldNode>());

  const setValue = useCallback((key: keyof V, value: string) => {
    latest.current = { ...latest.current, [key]: value };
    setValues(latest.current);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` is the form's empty values, the same every render
  const reset = useCallback((next: V = initial) => {
    latest.current = next;
    setValues(next);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration (the fields' refs are set by then)
  useEffect(() => {
    for (const [key, node] of nodes.current) if (node.value !== latest.current[key]) setValue(key, node.value);
  }, []);

  /** What a field spreads: its value, its change handler and the ref the take-over reads. */
  const field = (key: keyof V) => ({
    value: values[key],
    onChange: (e: ChangeEvent<FieldNode>) => {
      setValue(key, e.target.value);
      onEdit?.(key);
    },
    ref: (node: FieldNode | null) => {
      if (node) nodes.current.set(key, node);
      else nodes.current.delete(key);
    },
  });

  return { values, field, current: () => latest.current, setValue, reset };
}
