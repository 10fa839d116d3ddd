import type { Placement } from '@stashblog/contract/visibility-texts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';

// What visitors may see, said once (SPEC §4, docs/decisions/036-store-switch-is-a-layer.md). Every public read
// (storefront lists and pages, suggestions, home, categories, the directory, search in a shop and across shops,
// sitemaps, enquiries) asks through these fragments; the owner's own lists do not.
// - A business is public when the platform has not blocked it and its owner has verified the sign-up email. A
//   business without a sign-up row (made by the CLI, the demo) counts as verified.
// - A product (catalogue) is shown when it is public and not blocked, in a public business whose "All products"
//   ("All catalogues") switch is on. The switch is a layer above each item's own Public/Private state: switching
//   it never rewrites an item, and a private link opens its private item whatever the switch says.
// Each fragment takes the row it tests as SQL: a table (sql`${products}`) or an alias (sql`p`).

export type ShownKind = 'product' | 'catalogue';

const storeSwitch: Record<ShownKind, SQL> = {
  product: sql.raw('is_all_products_active'),
  catalogue: sql.raw('is_all_catalogues_active'),
};

/** A business row `b` visitors may see at all: not blocked, and verified (or never signed up by itself). */
export const businessIsPublic = (b: SQL) =>
  sql`(not ${b}.is_blocked and not exists (select 1 from signups s where s.business_id = ${b}.id and s.verified_at is null))`;

/** A business row `b` whose items of `kind` visitors may see: public, with its store switch for the kind on. */
export const businessShows = (kind: ShownKind, b: SQL) => sql`(${businessIsPublic(b)} and ${b}.${storeSwitch[kind]})`;

/**
 * An item row `t` (product or catalogue) by its own state: public and not blocked. Spelled as the partial indexes'
 * predicate (products_visible_newest_idx and the like) so the planner can use them.
 */
export const itemIsPublic = (t: SQL) => sql`(${t}.is_public and not ${t}.is_blocked)`;

/**
 * The ids of the businesses whose items of `kind` visitors may not see, as one small array computed once per
 * statement: a join would let the planner repeat a GIN scan per business (decision 007).
 */
export const hiddenBusinessIds = (kind: ShownKind) => sql`array(select b.id from businesses b where not ${businessShows(kind, sql`b`)})`;

/** An item row `t` of `kind` visitors may see: its own state, and its business's (through hiddenBusinessIds). */
export const itemShows = (kind: ShownKind, t: SQL) => sql`(${itemIsPublic(t)} and ${t}.business_id <> all(${hiddenBusinessIds(kind)}))`;

/** The ids of the businesses whose items of each kind visitors may not see, as hiddenBusinessIds, read on their own. */
export type HiddenBusinesses = Record<ShownKind, string[]>;

/**
 * The hidden businesses of both kinds in one small statement of their own: a read across businesses then names them
 * as a parameter (itemShowsBeside), with no sub-select of businesses beside its tenant tables, which a distributed
 * PostgreSQL (Citus) cannot plan (decision 054).
 */
export async function readHiddenBusinesses(db: Pick<Database, 'execute'>): Promise<HiddenBusinesses> {
  const { rows } = await db.execute<HiddenBusinesses>(sql`select ${hiddenBusinessIds('product')}::text[] as product,
    ${hiddenBusinessIds('catalogue')}::text[] as catalogue`);
  return rows[0] ?? { product: [], catalogue: [] };
}

/** itemShows with the hidden businesses read beforehand (readHiddenBusinesses). */
export const itemShowsBeside = (kind: ShownKind, t: SQL, hidden: HiddenBusinesses) =>
  sql`(${itemIsPublic(t)} and ${t}.business_id <> all(${sql.param(hidden[kind])}::uuid[]))`;

/**
 * An item row `t` of `kind` of the one business `businessId` (a value, not a column): its own state, and its
 * business's as a one-time filter (PostgreSQL evaluates the uncorrelated sub-select once per statement).
 */
export const itemShowsIn = (kind: ShownKind, t: SQL, businessId: SQL) =>
  sql`(${itemIsPublic(t)} and exists (select 1 from businesses sb where sb.id = ${businessId} and ${businessShows(kind, sql`sb`)}))`;

/**
 * Where an item of `kind` the owner has just made goes (decision 046): private, or public and on the storefront,
 * or public while the business's store switch for the kind hides every item of it.
 */
export async function placementOf(
  tx: Transaction,
  { businessId, kind, isPublic }: { businessId: string; kind: ShownKind; isPublic: boolean },
): Promise<Placement> {
  if (!isPublic) return 'private';
  const { rows } = await tx.execute<{ on: boolean }>(sql`select ${storeSwitch[kind]} as on from businesses where id = ${businessId}`);
  return rows[0]?.on === false ? 'hiddenByStore' : 'storefront';
}
