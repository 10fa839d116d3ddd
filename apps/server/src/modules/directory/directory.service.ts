import type { FetchAllUsersQuery } from '@stashblog/contract/users';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { toUserProfile } from '../businesses/business-view.ts';
import { requirePublicBusiness } from '../businesses/businesses.service.ts';
import { businessIsPublic, itemIsPublic } from '../businesses/visibility.ts';
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
  // Paged and counted within the first searchCountCap profiles, as the other directory lists (decision 058).
  const window = directoryWindow(query);
  const [rows, total] = await Promise.all([
    window.limit > 0
      ? ctx.db
          .select()
          .from(businesses)
          .where(where)
          .orderBy(desc(businesses.createdAt), desc(businesses.id))
          .limit(window.limit)
          .offset(window.offset)
      : [],
    countUpToCap(ctx, ctx.db.select({ one: sql`1` }).from(businesses).where(where)),
  ]);
  const shown = rows.filter((b) => b.isAllCataloguesActive).map((b) => b.id);
  const counts = await publicCatalogueCounts(ctx, shown);
  return { userProfiles: rows.map((b) => toUserProfile(b, counts.get(b.id) ?? 0)), ...total };
}

/**
 * Each business's public catalogues, counted in a statement of their own for the page's businesses alone: a count
 * correlated with a businesses row would mix a Citus reference table with a distributed one, which Citus cannot plan
 * (decisions 057, 058). The businesses passed are public and show their catalogues (the store switch is on), so the
 * items' own state is all left to test.
 */
async function publicCatalogueCounts(ctx: Pick<AppContext, 'db'>, businessIds: string[]): Promise<Map<string, number>> {
  if (businessIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ businessId: catalogues.businessId, n: count() })
    .from(catalogues)
    .where(and(inArray(catalogues.businessId, businessIds), itemIsPublic(sql`${catalogues}`)))
    .groupBy(catalogues.businessId);
  return new Map(rows.map((r) => [r.businessId, r.n]));
}
