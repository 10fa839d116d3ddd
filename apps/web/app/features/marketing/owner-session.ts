import { useSyncExternalStore } from 'react';
import { getToken, getUserData, type UserData } from '../../lib/session';

export type OwnerSession = { signedIn: false } | { signedIn: true; user: UserData | null };

const signedOut: OwnerSession = { signedIn: false };
let last: { key: string; value: OwnerSession } = { key: '', value: signedOut };

// The owner's token lives in localStorage (SPEC §3), which the server never sees: the server renders the
// signed-out nav and the browser switches after hydration. The snapshot is cached by its raw values, so
// React sees a stable object while nothing changed.
function snapshot(): OwnerSession {
  const token = getToken();
  const raw = typeof window === 'undefined' ? '' : (window.localStorage.getItem('userData') ?? '');
  const key = token ? `1:${raw}` : '0';
  if (key !== last.key) last = { key, value: token ? { signedIn: true, user: getUserData() } : signedOut };
  return last.value;
}

const changed = 'stash:session';

function subscribe(onChange: () => void) {
  // Another tab signing in or out changes the nav here too ('storage' fires only in the other tabs).
  window.addEventListener('storage', onChange);
  window.addEventListener(changed, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(changed, onChange);
  };
}

/** Tells this tab's marketing nav that the session changed (sign-out clears storage without a 'storage' event). */
export function announceSessionChange() {
  window.dispatchEvent(new Event(changed));
}

/** Signed-out on the server and during hydration; the real state right after (no hydration mismatch). */
export function useOwnerSession(): OwnerSession {
  return useSyncExternalStore(subscribe, snapshot, () => signedOut);
}

/** SPEC nav 'Profile Home': the owner's storefront, on the custom domain when there is one. */
export function profileHomeHref(user: UserData | null): string | null {
  if (!user?.businessName) return null;
  if (user.domain) return `${/^https?:\/\//.test(user.domain) ? '' : 'https://'}${user.domain}/home`;
  return `/${user.businessName}/home`;
}
