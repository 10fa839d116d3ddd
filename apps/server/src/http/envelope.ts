import type { Envelope } from '@stashblog/contract/envelope';

// Success body of every call (SPEC §7: code 201 means success).
export function ok<T>(payload: T, message = 'Success', code = 201): Envelope<T> {
  return { code, message, error: null, payload };
}

export function fail(code: number, message: string): Envelope<null> {
  return { code, message, error: message, payload: null };
}
