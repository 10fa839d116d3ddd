import type { SessionUser } from '@stashblog/contract/auth';

// SPEC §3 local storage keys of the admin session.
const keys = { token: 'authorization', userData: 'userData', theme: 'theme', template: 'template' } as const;

export type UserData = Pick<SessionUser, 'logo' | 'businessName' | 'domain'>;

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

export function getToken(): string | null {
  return storage()?.getItem(keys.token) || null;
}

export function setToken(token: string) {
  storage()?.setItem(keys.token, token);
}

export function storeUser(user: SessionUser) {
  const data: UserData = { logo: user.logo, businessName: user.businessName, domain: user.domain };
  storage()?.setItem(keys.userData, JSON.stringify(data));
  storage()?.setItem(keys.theme, user.theme);
  storage()?.setItem(keys.template, user.template);
}

export function getUserData(): UserData | null {
  try {
    return JSON.parse(storage()?.getItem(keys.userData) ?? 'null');
  } catch {
    return null;
  }
}

export function getStoredTheme(): string {
  return storage()?.getItem(keys.theme) ?? '';
}

/** SPEC §4: sign-out and token expiry clear all of local storage. */
export function clearSession() {
  storage()?.clear();
}

/** Keeps the stored session's custom domain current after the owner verifies or removes one. */
export function storeDomain(domain: string | null) {
  const user = getUserData();
  if (user) storage()?.setItem(keys.userData, JSON.stringify({ ...user, domain }));
}
