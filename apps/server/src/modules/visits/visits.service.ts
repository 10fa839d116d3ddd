import { createHmac } from 'node:crypto';
import { limits } from '@stashblog/contract/limits';
import { and, eq, lt, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { AppContext } from '../../app-context.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';
import { dailyVisits, visitSeen } from '../../db/schema/visits.ts';
import { requirePublicBusiness } from '../businesses/businesses.service.ts';

export type VisitSubject = 'profile' | 'product' | 'catalogue';

/** Crawlers and clients that do not say who they are are not visitors (real browsers always send a User-Agent). */
export function isCountableVisitor(userAgent: string | undefined): boolean {
  return Boolean(userAgent?.trim()) && !isbot(userAgent);
}

/** Who is visiting: the client address (as TRUST_PROXY defines it) and the User-Agent header. */
export type Visitor = { ip: string; userAgent: string | undefined };

export function visitorOf(request: { ip: string; headers: { 'user-agent'?: string } }): Visitor {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

const kolkataDay = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

/** A keyed hash of address + user agent + day: unlinkable across days, useless without the secret. */
function visitorKey(secret: string, visitor: Visitor, day: string): string {
  return createHmac('sha256', secret)
    .update(`${day}|${visitor.ip}|${visitor.userAgent ?? ''}`)
    .digest('base64url')
    .slice(0, 32);
}

const PRUNE_EVERY_MS = 10 * 60_000;
let lastPrune = 0;
function pruneSeen(ctx: Pick<AppContext, 'db' | 'log'>) {
  const now = Date.now();
  if (now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  ctx.db
    .delete(visitSeen)
    .where(lt(visitSeen.day, sql`(now() at time zone ${limits.timeZone})::date - 1`))
    .catch((e) => ctx.log.warn({ err: e }, 'pruning visit_seen failed'));
}

/**
 * One page view of a profile, product or catalogue, counted at most once per visitor per item per
 * day (days in Asia/Kolkata): the per-day counter (insights) and, for products and catalogues,
 * their running total. Bots are never counted. Returns whether it counted.
 */
export async function recordVisit(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  { businessId, subjectType, subjectId, visitor }: { businessId: string; subjectType: VisitSubject; subjectId: string; visitor: Visitor },
): Promise<boolean> {
  if (!isCountableVisitor(visitor.userAgent)) return false;
  pruneSeen(ctx);
  const day = kolkataDay();
  return ctx.db.transaction(async (tx) => {
    const first = await tx
      .insert(visitSeen)
      .values({ businessId, day, subjectType, subjectId, visitor: visitorKey(ctx.config.secret, visitor, day) })
      .onConflictDoNothing()
      .returning({ day: visitSeen.day });
    if (first.length === 0) return false;
    await tx
      .insert(dailyVisits)
      .values({ businessId, subjectType, subjectId, day, count: 1 })
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
    return true;
  });
}

/** SPEC §7 Public user visits {businessName}: a view of the business's storefront. */
export async function recordProfileVisit(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  { businessName, visitor }: { businessName: string; visitor: Visitor },
) {
  const { id } = await requirePublicBusiness(ctx, businessName);
  return { counted: await recordVisit(ctx, { businessId: id, subjectType: 'profile', subjectId: id, visitor }) };
}
