import type { Envelope } from '@stashblog/contract/envelope';
import { apiBase } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import type { ApiResult } from '../../lib/api-client';

// The platform console keeps its own token under its own key: an owner signed in on the same
// browser never sends their token to /api/platform, nor the platform admin theirs to /userAdmin.
const key = 'platformAuthorization';

export const getPlatformToken = () => (typeof window === 'undefined' ? null : window.localStorage.getItem(key));
export const setPlatformToken = (token: string) => window.localStorage.setItem(key, token);
export const clearPlatformToken = () => window.localStorage.removeItem(key);

type Method = 'GET' | 'PUT' | 'POST';

export class PlatformApiError extends Error {}

/** One /api call with the platform token; a refused or expired session goes back to /platform/signIn. */
export async function platformApi<T>(method: Method, path: string, args: Record<string, unknown> = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getPlatformToken();
  if (token) headers.authorization = token;
  let url = `${apiBase}${path}`;
  const init: RequestInit = { method, headers };
  if (method === 'GET') {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(args)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    const q = params.toString();
    if (q) url += `?${q}`;
  } else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(args);
  }
  let result: ApiResult<T>;
  try {
    const response = await fetch(url, init);
    result = (await response
      .json()
      .catch(() => ({ code: response.status, error: response.statusText, message: response.statusText }))) as ApiResult<T>;
  } catch {
    return {};
  }
  if (path !== '/auth/platform/logIn' && (result.code === 403 || result.error === specTexts.tokenExpired)) {
    clearPlatformToken();
    window.location.assign('/platform/signIn');
  }
  return result;
}

export function isPlatformOk<T>(result: ApiResult<T>): result is Envelope<T> {
  return result.code === 201 || result.code === 200;
}

/** For TanStack Query: the payload or a thrown error the list shows. */
export async function platformPayload<T>(path: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = await platformApi<T>('GET', path, args);
  if (!isPlatformOk(result)) throw new PlatformApiError(result.error || result.message || 'Request failed');
  return result.payload;
}
