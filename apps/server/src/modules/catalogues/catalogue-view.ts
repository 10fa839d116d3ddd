import type { Catalogue } from '@stashblog/contract/catalogues';
import { mediaUrl } from '@stashblog/contract/paths';
import { sql } from 'drizzle-orm';
import { catalogueProducts, catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';
import { itemIsPublic, itemShows } from '../businesses/visibility.ts';

export type CatalogueRow = typeof catalogues.$inferSelect;
type Member = { id: string; category: string; tags: string[]; image: string | null; visible: boolean };

/** Who is looking: the owner sees every member; visitors only the products they may see (businesses/visibility.ts). */
export type Viewer = 'owner' | 'public';

const maxImages = 6;

// Derived fields are computed from the member products on every read, so they cannot go stale when a
// product is edited, deleted, made private or blocked (docs/decisions/005-catalogue-derived-fields.md).
// The outer table is named explicitly: Drizzle leaves columns unqualified in single-table selects.
// A member's 'visible' is its own Public/Private state (the owner's count of public members); visitors get only
// the members they may see, whose business's "All products" switch is on.
export function membersOf(viewer: Viewer) {
  const visible = viewer === 'public' ? sql`and ${itemShows('product', sql`p`)}` : sql``;
  return sql<Member[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'category', p.category, 'tags', p.tags,
      'image', p.images[1], 'visible', ${itemIsPublic(sql`p`)}) order by cp.position, p.id), '[]'::json)
    from ${catalogueProducts} cp join ${products} p on p.business_id = cp.business_id and p.id = cp.product_id
    where cp.business_id = ${catalogues}.business_id and cp.catalogue_id = ${catalogues}.id ${visible})`;
}

/** The API shape of a catalogue (SPEC §3) from its row and its visible members in catalogue order. */
export function toCatalogue(row: CatalogueRow, members: Member[], businessName: string): Catalogue {
  const categories = new Set<string>();
  const tags = new Set<string>();
  const images: string[] = [];
  for (const m of members) {
    categories.add(m.category);
    for (const t of m.tags) tags.add(t);
    if (m.image && images.length < maxImages) images.push(mediaUrl(m.image));
  }
  return {
    _id: row.id,
    businessName,
    catalogueName: row.catalogueName,
    description: row.description,
    categories: [...categories],
    tags: [...tags],
    totalProducts: members.length,
    publicProducts: members.filter((m) => m.visible).length,
    isPublic: row.isPublic,
    isPromoted: row.isPromoted,
    isBlocked: row.isBlocked,
    images,
    products: members.map((m) => m.id),
    createdAt: row.createdAt.toISOString(),
  };
}
