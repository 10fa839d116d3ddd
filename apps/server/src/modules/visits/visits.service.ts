import { limits } from '@stashblog/contract/limits';
import { and, eq, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { AppContext } from '../../app-context.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';
import { dailyVisits } from '../../db/schema/visits.ts';
import { requirePublicBusiness } from '../users/users.service.ts';

export type VisitSubject = 'profile' | 'product' | 'catalogue';

/** Crawlers and clients that do not say who they are are not visitors (real browsers always send a User-Agent). */
export function isCountableVisitor(userAgent: string | undefined): boolean {
  return Boolean(userAgent?.trim()) && !isbot(userAgent);
}

/**
 * One page view: the per-day counter (kept for insights, days in Asia/Kolkata) and, for products and
 * catalogues, their running total. Returns whether it counted.
 */
export async function recordVisit(
  ctx: Pick<AppContext, 'db'>,
  {
    businessId,
    subjectType,
    subjectId,
    userAgent,
  }: { businessId: string; subjectType: VisitSubject; subjectId: string; userAgent: string | undefined },
): Promise<boolean> {
  if (!isCountableVisitor(userAgent)) return false;
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(dailyVisits)
      .values({ businessId, subjectType, subjectId, day: sql`(now() at time zone ${limits.timeZone})::date`, count: 1 })
      .onConflictDoUpdate({
        target: [dailyVisits.businessId, dailyVisits.day, dailyVisits.subjectType, dailyVisits.subjectId],
        set: { count: sql`${dailyVisits.count} + 1` },
      });
    if (subjectType === 'product') {
      await tx
        .update(products)
        .set({ visits: sql`${products.visits} + 1` })
        .where(and(eq(products.businessId, businessId), eq(products.id, subjectId)));
    } else if (subjectType === 'catalogue') {
      await tx
        .update(catalogues)
        .set({ visits: sql`${catalogues.visits} + 1` })
        .where(and(eq(catalogues.businessId, businessId), eq(catalogues.id, subjectId)));
    }
  });
  return true;
}

/** SPEC §7 Public user visits {businessName}: a view of the business's storefront. */
export async function recordProfileVisit(
  ctx: Pick<AppContext, 'db'>,
  { businessName, userAgent }: { businessName: string; userAgent: string | undefined },
) {
  const { id } = await requirePublicBusiness(ctx, businessName);
  return { counted: await recordVisit(ctx, { businessId: id, subjectType: 'profile', subjectId: id, userAgent }) };
}
