import { type Endpoint, endpoints, type PayloadOf } from '@stashblog/contract/endpoints';
import type { Envelope } from '@stashblog/contract/envelope';
import { apiBase } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import type { ApiResult, ArgsOf } from '../../lib/api-client';

// The platform console keeps its own token under its own key: an owner signed in on the same
// browser never sends their token to /api/platform, nor the platform admin theirs to /userAdmin.
const key = 'platformAuthorization';

export const getPlatformToken = () => (typeof window === 'undefined' ? null : window.localStorage.getItem(key));
export const setPlatformToken = (token: string) => window.localStorage.setItem(key, token);
export const clearPlatformToken = () => window.localStorage.removeItem(key);

export class PlatformApiError extends Error {}

/** One /api call with the platform token; a refused or expired session goes back to /platform/signIn. */
export async function platformApi<E extends Endpoint<unknown>>(endpoint: E, ...[args]: ArgsOf<E>): Promise<ApiResult<PayloadOf<E>>> {
  type T = PayloadOf<E>;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getPlatformToken();
  if (token) headers.authorization = token;
  const { method } = endpoint;
  let url = `${apiBase}${endpoint.path}`;
  const init: RequestInit = { method, headers };
  if (method === 'GET') {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(args ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    const q = params.toString();
    if (q) url += `?${q}`;
  } else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(args ?? {});
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
  if (endpoint !== endpoints.authPlatform.logIn && (result.code === 403 || result.error === specTexts.tokenExpired)) {
    clearPlatformToken();
    window.location.assign('/platform/signIn');
  }
  return result;
}

export function isPlatformOk<T>(result: ApiResult<T>): result is Envelope<T> {
  return result.code === 201 || result.code === 200;
}

/** For TanStack Query: the payload or a thrown error the list shows. */
export async function platformPayload<E extends Endpoint<unknown>>(endpoint: E, ...args: ArgsOf<E>): Promise<PayloadOf<E>> {
  const result = await platformApi(endpoint, ...args);
  if (!isPlatformOk(result)) throw new PlatformApiError(result.error || result.message || 'Request failed');
  return result.payload;
}
