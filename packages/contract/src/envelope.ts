import { z } from 'zod';

// Every API response body: SPEC §7. `code` is 201 on success (200 for notifications fetchAll).
export type Envelope<T> = { code: number; message: string; error: string | null; payload: T };

export function envelopeSchema<T extends z.ZodTypeAny>(payload: T) {
  return z.object({ code: z.number(), message: z.string(), error: z.string().nullable(), payload });
}

export const errorEnvelopeSchema = envelopeSchema(z.null());
