import { z } from 'zod';
import { antiSpamMessages } from './anti-spam.ts';

// The anti-spam fields (anti-spam.ts explains them) as zod schemas, spread into every public form body.
export const antiSpamFields = {
  website: z.string({ error: antiSpamMessages.missing }).max(500).optional().default(''),
  formElapsedMs: z.coerce
    .number({ error: antiSpamMessages.missing })
    .finite(antiSpamMessages.missing)
    .min(0, antiSpamMessages.missing)
    .max(1e10, antiSpamMessages.missing),
  idempotencyKey: z.uuid({ error: antiSpamMessages.missing }),
};
