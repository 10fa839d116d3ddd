import { useCallback, useRef, useState } from 'react';

/**
 * SPEC §4 "Actions are blocked while a request is in flight": the ids with an action running.
 * `run(id, work)` ignores a second action on the same id until the first settles.
 */
export function useBusy() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  // A ref as well as state: two clicks in one frame both see the first one's claim.
  const claimed = useRef(new Set<string>());

  const run = useCallback(async (id: string, work: () => Promise<unknown>) => {
    if (claimed.current.has(id)) return;
    claimed.current.add(id);
    setBusy(new Set(claimed.current));
    try {
      await work();
    } finally {
      claimed.current.delete(id);
      setBusy(new Set(claimed.current));
    }
  }, []);

  return { isBusy: (id: string) => busy.has(id), run };
}
