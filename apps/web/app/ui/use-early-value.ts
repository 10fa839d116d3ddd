import { type RefObject, useEffect } from 'react';

/**
 * A field the visitor changed before the page hydrated (storefront pages load their scripts after
 * first paint, docs/decisions/027) holds a value React's state does not, and React would set the
 * rendered one back on its next render: hand the field's own value over once, at hydration.
 */
export function useEarlyValue(
  field: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  rendered: string,
  take: (value: string) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; `rendered` is what the server rendered
  useEffect(() => {
    const value = field.current?.value;
    if (value !== undefined && value !== rendered) take(value);
  }, []);
}
