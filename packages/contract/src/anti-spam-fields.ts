import { z } from 'zod';
import { antiSpamMessages, publicForms } from './anti-spam.ts';

// The anti-spam fields (anti-spam.ts explains them) as zod schemas, spread into every public form body.
export const antiSpamFields = {
  website: z.string({ error: antiSpamMessages.missing }).max(500).optional().default(''),
  // A missing challenge is not a schema error: the intake refuses it like a forged one, and counts it.
  challenge: z.string({ error: antiSpamMessages.tooFast }).max(1000, antiSpamMessages.tooFast).optional().default(''),
  idempotencyKey: z.uuid({ error: antiSpamMessages.missing }),
};

/** GET /public/forms/challenge {form}. */
export const formChallengeQuery = z.object({ form: z.enum(publicForms, { error: antiSpamMessages.unknownForm }) });

export const formChallengePayload = z.object({ challenge: z.string(), minFillMs: z.number(), expiresInMs: z.number() });
