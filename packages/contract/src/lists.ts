import { z } from 'zod';
import { limits } from './limits.ts';
import { defaultSort, sortOptions } from './sort-options.ts';

export const sortSchema = z.enum(sortOptions).default(defaultSort);

// Query-string booleans arrive as text.
export const boolQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional();

export function pagingSchema(perPage: number) {
  return {
    pageNo: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(limits.maxPerPage).default(perPage),
  };
}
