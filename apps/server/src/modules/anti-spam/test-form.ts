import { randomUUID } from 'node:crypto';
import { antiSpam } from '@stashblog/contract/anti-spam';

/** The anti-spam fields a person's browser sends: honeypot empty, form open long enough, a fresh key. */
export function human(extra: { formElapsedMs?: number; idempotencyKey?: string; website?: string } = {}) {
  return { website: '', formElapsedMs: antiSpam.minFillMs + 3000, idempotencyKey: randomUUID(), ...extra };
}
