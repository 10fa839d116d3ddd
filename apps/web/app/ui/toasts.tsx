import { toastMax, toastMs } from '@stashblog/contract/storefront-limits';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ExternalToast } from 'sonner';

// Every toast of the app goes through `toast` here (biome.json forbids importing sonner elsewhere).
// Sonner (~9 KB gzip) is fetched with the first toast, not with every page: most storefront visits
// never show one (docs/decisions/016-public-pages-ship-no-zod.md). Calls made before it arrives
// run in order once it has; sonner's Toaster replays toasts made before it mounted.
let sonner: Promise<typeof import('sonner')> | undefined;
let wanted = false;
const hosts = new Set<() => void>();

function withSonner(run: (s: typeof import('sonner')) => void) {
  sonner ??= import('sonner');
  if (!wanted) {
    wanted = true;
    for (const show of hosts) show();
  }
  sonner.then(run);
}

type Kind = 'success' | 'error' | 'info' | 'warning';
let nextId = 0;
function show(kind: Kind) {
  return (message: string | undefined, data?: ExternalToast) => {
    // The id is ours, so a caller can dismiss a toast before sonner has loaded.
    const id = data?.id ?? `t${++nextId}`;
    withSonner((s) => s.toast[kind](message, { ...data, id }));
    return id;
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  dismiss: (id?: string | number) => withSonner((s) => s.toast.dismiss(id)),
};

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

// SPEC §8: at most 3 toasts, 3000 ms each; rich colours give red error, blue info, green success, yellow warning.
// Bottom right, clear of the headers' bell, nav and Menu button at the top (issue 22).
export function Toasts() {
  const [on, setOn] = useState(wanted);
  useEffect(() => {
    const host = () => setOn(true);
    hosts.add(host);
    if (wanted) host();
    return () => {
      hosts.delete(host);
    };
  }, []);
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={toastMax} duration={toastMs} richColors closeButton position="bottom-right" />
    </Suspense>
  );
}
