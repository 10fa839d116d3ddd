import type { Envelope } from '@stashblog/contract/envelope';
import { apiBase } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import { toast } from '../ui/toasts';
import { clearSession, getToken } from './session';

/** The response body, or the error body on failure, or `{}` when the network gave no response (SPEC §7, §8). */
export type ApiResult<T> = Partial<Envelope<T>>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Args = Record<string, unknown>;

function queryString(args: Args): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** SPEC §8: an expired session clears storage and goes to /signIn. */
function handleExpired(result: ApiResult<unknown>) {
  if (result.error !== specTexts.tokenExpired) return;
  clearSession();
  if (typeof window !== 'undefined') window.location.assign('/signIn');
}

/** One API call: GET sends args as query parameters, other methods as a JSON body (SPEC §7). */
export async function api<T>(method: Method, path: string, args: Args = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = token;
  const init: RequestInit = { method, headers };
  let url = `${apiBase}${path}`;
  if (method === 'GET') url += queryString(args);
  else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(args);
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    return {};
  }
  let result: ApiResult<T>;
  try {
    result = (await response.json()) as ApiResult<T>;
  } catch {
    result = { code: response.status, error: response.statusText || null, message: response.statusText };
  }
  handleExpired(result);
  return result;
}

export function isOk<T>(result: ApiResult<T>): result is Envelope<T> {
  return result.code === 201 || result.code === 200;
}

/** SPEC §8: any failure shows the error field (or message) as a red toast; 'Some Error Occurred!' is never shown. */
export function toastFailure(result: ApiResult<unknown>, kind: 'error' | 'warning' = 'error') {
  const text = result.error || result.message;
  if (!text || text === specTexts.ignoredError) return;
  toast[kind](text);
}

export class ApiError extends Error {
  constructor(readonly result: ApiResult<unknown>) {
    super(result.error || result.message || 'Request failed');
  }
}

/** For TanStack Query: the payload, or a thrown ApiError the query shows as its error state. */
export async function apiPayload<T>(method: Method, path: string, args: Args = {}): Promise<T> {
  const result = await api<T>(method, path, args);
  if (!isOk(result)) throw new ApiError(result);
  return result.payload;
}
