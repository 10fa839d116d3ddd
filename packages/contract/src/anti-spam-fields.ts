import { z } from 'zod';
import { antiSpamTexts, publicForms } from './anti-spam.ts';

// The anti-spam fields (anti-spam.ts explains them) as zod schemas, spread into every public form body.
export const antiSpamFields = {
  website: z.string({ error: antiSpamTexts.missing }).max(500).optional().default(''),
  // A missing challenge is not a schema error: the intake refuses it like a forged one, and counts it.
  challenge: z.string({ error: antiSpamTexts.tooFast }).max(1000, antiSpamTexts.tooFast).optional().default(''),
  idempotencyKey: z.uuid({ error: antiSpamTexts.missing }),
};

/** GET /public/forms/challenge {form}. */
export const formChallengeQuery = z.object({ form: z.enum(publicForms, { error: antiSpamTexts.unknownForm }) });

export const formChallengePayload = z.object({ challenge: z.string(), minFillMs: z.number(), expiresInMs: z.number() });
