import { type SearchSort, searchCountCap } from '@stashblog/contract/search-options';
import { type SQL, sql } from 'drizzle-orm';
import { catalogueNameDoc } from '../../db/schema/catalogues.ts';
import { productLabelDoc, productNameDoc } from '../../db/schema/products.ts';
import { type HiddenBusinesses, itemShows } from '../businesses/visibility.ts';

// What search reads (search-engine.ts): the searchable kinds, their columns as the indexes spell them, the page
// orders, and what a match carries.

export type SearchKind = 'product' | 'catalogue';

/** One kind of searchable item, spelled so that the planner matches the expression indexes. */
export type Source = {
  kind: SearchKind;
  from: SQL;
  name: SQL;
  /** Tier 1: every word in the name. */
  nameDoc: SQL;
  /** Tier 2: every word in the name, category, tags or item no (null: the kind has no such fields). */
  labelDoc: SQL | null;
  /** The item's own image keys (a catalogue shows its members' images, looked up for the page alone). */
  images: SQL;
};

export const sources: Record<SearchKind, Source> = {
  product: {
    kind: 'product',
    from: sql`products`,
    name: sql`t.product_name`,
    nameDoc: productNameDoc(sql`t.product_name`),
    labelDoc: productLabelDoc({ name: sql`t.product_name`, category: sql`t.category`, tags: sql`t.tags`, itemNo: sql`t.item_no` }),
    images: sql`t.images::text[]`,
  },
  catalogue: {
    kind: 'catalogue',
    from: sql`catalogues`,
    name: sql`t.catalogue_name`,
    nameDoc: catalogueNameDoc(sql`t.catalogue_name`),
    labelDoc: null,
    images: sql`null::text[]`,
  },
};

/** How many images a search result shows. */
export const resultImages = 6;

/** A catalogue's images on a search page: the first image of each of its visible members, in catalogue order. */
export const memberImages = (businessId: SQL, catalogueId: SQL) => sql`array(select p.images[1]::text
  from catalogue_products cp join products p on p.business_id = cp.business_id and p.id = cp.product_id
  where cp.business_id = ${businessId} and cp.catalogue_id = ${catalogueId}
    and ${itemShows('product', sql`p`)} and cardinality(p.images) > 0
  order by cp.position, p.id limit ${resultImages})`;

export type MatchOptions = {
  kinds: SearchKind[];
  /** One business (already known to be public), or null for every business visitors may see. */
  businessId: string | null;
  /** Only promoted items (directory 'Promoted' sections), only others (false), or both (undefined). */
  promoted?: boolean;
  sort: SearchSort;
  pageNo: number;
  perPage: number;
  /** Across businesses, each match brings what a search page shows: its business's name and a catalogue's images. */
  details?: boolean;
  /** Across businesses, the hidden businesses when the caller has read them already (else read first). */
  hidden?: HiddenBusinesses;
  /** The caller scores at most searchCountCap matches itself (search-ranked.ts): the steered path then reads their count alone. */
  rankedBelowCap?: boolean;
};

/**
 * images: a product's image keys, read with the match (its row is already at hand); a catalogue's, its visible
 * members' first images (memberImages) with opts.details across businesses, null otherwise.
 */
export type Match = {
  type: SearchKind;
  businessId: string;
  id: string;
  name: string;
  createdAt: Date;
  images: string[] | null;
  /** With opts.details across businesses; null otherwise. */
  businessName: string | null;
  /** The business as its owner writes it (decision 047); with businessName. */
  businessDisplayName: string | null;
};
export type MatchPage = { matches: Match[]; count: number; countCapped: boolean };

/** The page order on the columns every query returns (name, created_at, id, tier). */
export function orderBy(sort: SearchSort): SQL {
  switch (sort) {
    case 'Date, new to old':
      return sql`created_at desc, id desc`;
    case 'Date, old to new':
      return sql`created_at asc, id asc`;
    case 'Alphabetically A-Z':
      return sql`lower(name) asc, id asc`;
    case 'Alphabetically Z-A':
      return sql`lower(name) desc, id desc`;
    default:
      return sql`tier asc, created_at desc, id desc`;
  }
}

/** The same order on a table's own columns (t), so its indexes can serve it. */
export function tableOrder(sort: SearchSort, s: Source): SQL {
  switch (sort) {
    case 'Date, old to new':
      return sql`t.created_at asc, t.id asc`;
    case 'Alphabetically A-Z':
      return sql`lower(${s.name}) asc, t.id asc`;
    case 'Alphabetically Z-A':
      return sql`lower(${s.name}) desc, t.id desc`;
    default:
      return sql`t.created_at desc, t.id desc`;
  }
}

// A walk along the visible items' order examines at most this many rows (per needed row, and in all)
// before the tier is read through its GIN index instead.
export const walkRowsPerMatch = 300;
export const walkRowsMin = 5000;
export const walkRowsMax = 50_000;

// created_at travels as fixed-width UTC text (createdAtText): exact to the microsecond, and its text order is its
// time order, so rows of two kinds are merged by date without another statement.
export type Row = {
  type: SearchKind;
  business_id: string;
  id: string;
  name: string;
  created_at: string;
  tier: number;
  images: string[] | null;
  business_name: string | null;
  business_display_name: string | null;
};

export const createdAtText = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A row of a match read: the tier reads', or the ranked read's, which carries no business names. */
type MatchRow = Omit<Row, 'tier' | 'business_name' | 'business_display_name'> &
  Partial<Pick<Row, 'business_name' | 'business_display_name'>>;

/** Rows read in page order, and how many match (exact up to searchCountCap + 1), as a page. */
export function toPage(rows: MatchRow[], n: number): MatchPage {
  return {
    matches: rows.map((r) => ({
      type: r.type,
      businessId: r.business_id,
      id: r.id,
      name: r.name,
      createdAt: new Date(r.created_at),
      images: r.images,
      businessName: r.business_name ?? null,
      businessDisplayName: r.business_display_name ?? null,
    })),
    count: Math.min(n, searchCountCap),
    countCapped: n > searchCountCap,
  };
}

/** A read kept per database and key, as keptAMinute stores it. */
export type KeptReads<T> = WeakMap<object, Map<string, { at: number; value: Promise<T> }>>;

/**
 * `read()` kept a minute per database and key: the recency edges of the steered path and the plain path's time span
 * (decisions 054, 068). A stale value only moves where a range ends, never a page. A failed read, or a value `keep`
 * refuses (nothing to go on yet, such as an empty table), is not kept.
 */
export function keptAMinute<T>(
  cache: KeptReads<T>,
  database: object,
  key: string,
  read: () => Promise<T>,
  keep: (v: T) => boolean,
): Promise<T> {
  const kept = cache.get(database) ?? new Map<string, { at: number; value: Promise<T> }>();
  cache.set(database, kept);
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit.value;
  const value = read();
  kept.set(key, { at: Date.now(), value });
  value.then((v) => keep(v) || kept.delete(key)).catch(() => kept.delete(key));
  return value;
}
