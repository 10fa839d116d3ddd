import type { SessionUser } from '@stashblog/contract/auth';
import { specTexts } from '@stashblog/contract/spec-texts';
import { redirect } from 'react-router';
import { api, isOk } from '../../lib/api-client';
import { clearSession, getToken, storeUser } from '../../lib/session';
import { toast } from '../../ui/toasts';

// The profile is fetched once per page load and token (SPEC §4), not on every admin navigation.
let cached: { token: string; user: SessionUser } | null = null;

/** SPEC §4 guard: no token → /signIn; token → profile fetch; failure → toast, clear storage, /signIn. */
export async function requireOwner(): Promise<SessionUser> {
  const token = getToken();
  if (!token) throw redirect('/signIn');
  if (cached?.token === token) return cached.user;
  const result = await api<{ user: SessionUser }>('GET', '/auth/user/fetch');
  if (!isOk(result) || !result.payload?.user) {
    toast.error(specTexts.profileFetchFailed);
    clearSession();
    cached = null;
    throw redirect('/signIn');
  }
  storeUser(result.payload.user);
  cached = { token, user: result.payload.user };
  return result.payload.user;
}

export function forgetOwner() {
  cached = null;
}
