// One anti-spam piece that every public form body includes (lead, contact/forum, support mail):
// - `website`: a honeypot input hidden from people (off-screen, aria-hidden, tabIndex -1,
//   autocomplete off). People leave it empty; form-filling bots fill it.
// - `challenge`: a token the page fetches from `GET /api/public/forms/challenge?form=…` when the form
//   opens (docs/decisions/010). The server signs its own issue time, the form and a nonce (HMAC with
//   the app SECRET), so the time a form was open is the server's own measure, not the client's word.
//   A submission whose challenge is missing, forged, for another form, older than the challenge's
//   lifetime or younger than `minFillMs` is refused (and counted). The page waits out the rest of
//   `minFillMs` before sending, refetches a challenge before the held one expires (and when the tab
//   comes back after a long time), and resends once with a fresh one if the server refuses it, so
//   a person is never refused; a script that posts straight away, or forges a time, is.
// - `idempotencyKey`: a random UUID made when the form opens and renewed after a successful send.
//   The server stores one submission per key: a double submit answers the first result again.
// Missing fields are refused like a bot would be (every form of ours sends them).
// This module is zod-free: storefront pages import it (form-guard.tsx); the schema fields are in
// anti-spam-fields.ts (docs/decisions/016-public-pages-ship-no-zod.md).
export const antiSpam = {
  /** Shortest time a form must have been open (since its challenge was issued) before it may be sent. */
  minFillMs: 2000,
  /** How long a challenge is accepted by default (FORM_CHALLENGE_TTL_SECONDS overrides it). */
  challengeTtlSeconds: 2 * 60 * 60,
  honeypotField: 'website',
} as const;

/** The public forms that go through intake; a challenge is issued for one of them. */
export const publicForms = ['product-lead', 'catalogue-lead', 'forum', 'mail', 'support', 'notification'] as const;
export type PublicForm = (typeof publicForms)[number];

/** GET path (below /api) of a form's challenge; query `form`. */
export const formChallengePath = '/public/forms/challenge';

/** What the challenge route answers: the token, and, in the page's own clock, when it may be sent and until when. */
export type FormChallenge = { challenge: string; minFillMs: number; expiresInMs: number };

export const antiSpamTexts = {
  honeypot: 'Your message could not be sent. Please clear any hidden fields and try again.',
  /** Every refused challenge (missing, forged, expired, too young): the page refetches and resends once. */
  tooFast: 'That was quick! Please take a moment to check your details and send again.',
  missing: 'Please reload the page and send the form again.',
  unknownForm: 'Unknown form.',
  rateLimited: 'Too many messages were sent from here. Please try again in a little while.',
  businessRateLimited: 'This business is receiving many messages right now. Please try again later.',
} as const;

export type AntiSpamInput = { website: string; challenge: string; idempotencyKey: string };
