import { endpoints } from '@stashblog/contract/endpoints';
import type { PlatformAdmin } from '@stashblog/contract/platform';
import { redirect } from 'react-router';
import { getPlatformToken, isPlatformOk, platformApi } from './platform-api';

let cached: { token: string; admin: PlatformAdmin } | null = null;

/** No platform token → /platform/signIn; otherwise who is signed in (fetched once per token). */
export async function requirePlatformAdmin(): Promise<PlatformAdmin> {
  const token = getPlatformToken();
  if (!token) throw redirect('/platform/signIn');
  if (cached?.token === token) return cached.admin;
  const result = await platformApi(endpoints.platform.me);
  if (!isPlatformOk(result)) throw redirect('/platform/signIn');
  cached = { token, admin: result.payload.admin };
  return result.payload.admin;
}

export function forgetPlatformAdmin() {
  cached = null;
}
