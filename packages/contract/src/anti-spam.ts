// One anti-spam piece that every public form body includes (lead, contact/forum, support mail):
// - `website`: a honeypot input hidden from people (off-screen, aria-hidden, tabIndex -1,
//   autocomplete off). People leave it empty; form-filling bots fill it.
// - `formElapsedMs`: how long the form was open before it was sent, measured by the page with a
//   monotonic clock (no clock-skew between visitor and server). The page waits out the rest of
//   `minFillMs` before sending, so a person (even with autofill) is never refused; a script that
//   posts straight away is.
// - `idempotencyKey`: a random UUID made when the form opens and renewed after a successful send.
//   The server stores one submission per key: a double submit answers the first result again.
// Missing fields are refused like a bot would be (every form of ours sends them).
// This module is zod-free: storefront pages import it (form-guard.tsx); the schema fields are in
// anti-spam-fields.ts (docs/decisions/016-public-pages-ship-no-zod.md).
export const antiSpam = {
  /** Shortest time a form must have been open before it may be sent. */
  minFillMs: 2000,
  honeypotField: 'website',
} as const;

export const antiSpamMessages = {
  honeypot: 'Your message could not be sent. Please clear any hidden fields and try again.',
  tooFast: 'That was quick! Please take a moment to check your details and send again.',
  missing: 'Please reload the page and send the form again.',
  rateLimited: 'Too many messages were sent from here. Please try again in a little while.',
  businessRateLimited: 'This business is receiving many messages right now. Please try again later.',
} as const;

export type AntiSpamInput = { website: string; formElapsedMs: number; idempotencyKey: string };

/** What the browser sends along with every public form; `startedAt` from `performance.now()`. */
export function antiSpamValues(form: { startedAt: number; idempotencyKey: string; honeypot?: string }, now: number): AntiSpamInput {
  return {
    website: form.honeypot ?? '',
    formElapsedMs: Math.max(0, Math.round(now - form.startedAt)),
    idempotencyKey: form.idempotencyKey,
  };
}
