import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

// The vocabulary of every word in a product or catalogue search document, added in the
// writer's transaction by every product and catalogue write (db/tenant-writes.ts, decision 055). Typo tolerance looks up near words here by trigram similarity and searches
// for them through the tsvector index: a small table, so the fuzzy step stays fast at any corpus size.
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    index('search_words_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`),
  ],
);
