import type { FetchAllUsersQuery } from '@stashblog/contract/users';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { toUserProfile } from '../businesses/business-view.ts';
import { requirePublicBusiness } from '../businesses/businesses.service.ts';
import { businessIsPublic, businessShows, itemIsPublic } from '../businesses/visibility.ts';
import { countUpToCap, directoryWindow } from './directory-paging.ts';

/** SPEC §7 Public user fetchAll: visible profiles, newest first; one profile when businessName is given. */
export async function fetchAllUsers(ctx: Pick<AppContext, 'db'>, query: FetchAllUsersQuery) {
  if (query.businessName !== undefined) await requirePublicBusiness(ctx, query.businessName);
  const conditions: SQL[] = [businessIsPublic(sql`${businesses}`)];
  if (query.businessName !== undefined) conditions.push(eq(businesses.businessName, query.businessName));
  if (query.isPrimeUser !== undefined) conditions.push(eq(businesses.isPrimeUser, query.isPrimeUser));
  if (query.searchQuery) {
    const like = `%${query.searchQuery.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(
      sql`(${businesses.displayName} ilike ${like} or replace(${businesses.businessName}, '-', ' ') ilike ${like}
        or ${businesses.businessName} ilike ${like} or ${businesses.name} ilike ${like} or ${businesses.description} ilike ${like})`,
    );
  }
  const where = and(...conditions);
  const totalCatalogues = sql<number>`(select count(*)::int from ${catalogues} c
    where c.business_id = "businesses"."id" and ${itemIsPublic(sql`c`)} and ${businessShows('catalogue', sql`${businesses}`)})`;
  // Paged and counted within the first searchCountCap profiles, as the other directory lists (decision 058).
  const window = directoryWindow(query);
  const [rows, total] = await Promise.all([
    window.limit > 0
      ? ctx.db
          .select({ b: businesses, totalCatalogues })
          .from(businesses)
          .where(where)
          .orderBy(desc(businesses.createdAt), desc(businesses.id))
          .limit(window.limit)
          .offset(window.offset)
      : [],
    countUpToCap(ctx, ctx.db.select({ one: sql`1` }).from(businesses).where(where)),
  ]);
  return { userProfiles: rows.map((r) => toUserProfile(r.b, r.totalCatalogues)), ...total };
}
