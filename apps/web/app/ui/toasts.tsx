import { limits } from '@stashblog/contract/limits';
import { Toaster } from 'sonner';

// SPEC §8: at most 3 toasts, 3000 ms each; rich colours give red error, blue info, green success, yellow warning.
export function Toasts() {
  return <Toaster visibleToasts={limits.toastMax} duration={limits.toastMs} richColors closeButton position="top-right" />;
}
