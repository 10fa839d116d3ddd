import { limits } from '@stashblog/contract/limits';

export type Overflow = { shown: string[]; more: number };

/** SPEC cards: more than 6 categories show the first 5 and '+N more'. */
export function cardHashtags(categories: string[]): Overflow {
  return categories.length > 6 ? { shown: categories.slice(0, 5), more: categories.length - 5 } : { shown: categories, more: 0 };
}

/** SPEC §9 product modal tags: 7 shown, then '+N more' when there are over 8. */
export function modalTags(tags: string[]): Overflow {
  const max = limits.productModalTags;
  return tags.length > max + 1 ? { shown: tags.slice(0, max), more: tags.length - max } : { shown: tags, more: 0 };
}
