import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './client.ts';
import { leads } from './schema/leads.ts';

// What triggers on tenant tables did until migration 0021 (decision 055), done by the writer in its own
// transaction: Citus distributes no table with a trigger. Each concern has one function here, and
// every write path calls it with the rows it wrote (write-paths.test.ts writes through each path):
//   - bumpContentVersions: the public content version of each business whose public rows changed
//     (public caches key on it; other nodes read changed rows by polling, db/content-versions.ts);
//   - productsWritten / cataloguesWritten: the product's stored JSON (decision 042), the search
//     vocabulary (search_words) and the content version, for rows inserted or updated;
//   - addLead: the lead and its day's count (daily_leads).
// Deletes need only the version bump: product_json rows go with their product (ON DELETE CASCADE).

type Db = Database | Transaction;

// A uuid[] literal of ids (only hex digits and hyphens are kept, so nothing else reaches the SQL).
const uuids = (ids: string[]) => sql.raw(`'{${ids.map((id) => id.replace(/[^0-9a-fA-F-]/g, '')).join(',')}}'::uuid[]`);

/** Bumps the content version of each business, in id order (concurrent writers lock rows in one order). */
export async function bumpContentVersions(db: Db, businessIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(businessIds)].sort();
  if (ids.length === 0) return;
  await db.execute(sql`
    insert into content_versions as v (business_id, version, changed_at)
      select b, 1, now() from unnest(${uuids(ids)}) as b order by b
    on conflict (business_id) do update set version = v.version + 1, changed_at = excluded.changed_at`);
}

/** Runs `write` in a transaction that also bumps the content version of `businessId`. */
export function changePublicContent<T>(db: Db, businessId: string, write: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await write(tx);
    await bumpContentVersions(tx, [businessId]);
    return result;
  });
}

// Words of at least 2 and at most 60 letters of the written rows' search vectors, in sorted order so
// concurrent writers never deadlock on each other's new words; words no row uses any more stay (a
// row each, matching nothing).
const addSearchWords = (db: Db, table: 'products' | 'catalogues', businessId: string, ids: string[]) =>
  db.execute(sql`
    insert into search_words (word)
      select distinct w from ${sql.identifier(table)} t, unnest(tsvector_to_array(t.search)) as w
      where t.business_id = ${businessId} and t.id = any(${uuids(ids)}) and length(w) between 2 and 60 order by 1
    on conflict do nothing`);

/** After products of one business were inserted or updated: their JSON, the search words, the content version. */
export async function productsWritten(
  db: Db,
  { businessId, ids, publicChange = true }: { businessId: string; ids: string[]; publicChange?: boolean },
): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    insert into product_json as j (business_id, id, body)
      select p.business_id, p.id, stash_product_json(p) from products p where p.business_id = ${businessId} and p.id = any(${uuids(ids)})
    on conflict (business_id, id) do update set body = excluded.body where j.body is distinct from excluded.body`);
  await addSearchWords(db, 'products', businessId, ids);
  if (publicChange) await bumpContentVersions(db, [businessId]);
}

/** After catalogues of one business were inserted or updated: the search words and the content version. */
export async function cataloguesWritten(db: Db, { businessId, ids }: { businessId: string; ids: string[] }): Promise<void> {
  if (ids.length === 0) return;
  await addSearchWords(db, 'catalogues', businessId, ids);
  await bumpContentVersions(db, [businessId]);
}

/** Stores a lead and counts it on its day (Asia/Kolkata) for its product or catalogue (insights). */
export async function addLead(db: Db, row: typeof leads.$inferInsert): Promise<void> {
  const [lead] = await db.insert(leads).values(row).returning({ businessId: leads.businessId, id: leads.id });
  await db.execute(sql`
    insert into daily_leads (business_id, day, subject_type, subject_id, count)
      select business_id, (created_at at time zone 'Asia/Kolkata')::date, kind,
             coalesce(fk_product_id, fk_catalogue_id, '00000000-0000-0000-0000-000000000000'::uuid), 1
      from leads where business_id = ${lead?.businessId} and id = ${lead?.id}
    on conflict (business_id, day, subject_type, subject_id) do update set count = daily_leads.count + 1`);
}
