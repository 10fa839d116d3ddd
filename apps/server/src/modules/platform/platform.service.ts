import { isUuid } from '@stashblog/contract/ids';
import {
  type AuditEntry,
  type AuditListQuery,
  auditListQuery,
  type BlockItemBody,
  type BlockUserBody,
  type BusinessListQuery,
  businessListQuery,
  type ItemListQuery,
  itemListQuery,
  type JobQueuePayload,
  type MailListQuery,
  mailListQuery,
  type OutboxMail,
  type PlatformBusiness,
  type PlatformItem,
  type PrimeUserBody,
  platformTexts,
} from '@stashblog/contract/platform';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { signups } from '../../db/schema/onboarding.ts';
import { platformAudit } from '../../db/schema/platform.ts';
import { products } from '../../db/schema/products.ts';
import { AppError } from '../../http/app-error.ts';
import { readJobQueue } from '../../jobs/queue.ts';
import type { PlatformActor } from './platform-auth.service.ts';

type Ctx = Pick<AppContext, 'db'>;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One audit row per platform action, written in the action's own transaction. */
export async function recordAudit(
  db: Database | Transaction,
  actor: Pick<PlatformActor, 'adminId' | 'email'>,
  entry: { action: string; targetType: string; targetId?: string | null; businessId?: string | null; reason?: string; details?: object },
) {
  await db.insert(platformAudit).values({
    id: uuidv7(),
    adminId: actor.adminId,
    adminEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    businessId: entry.businessId ?? null,
    reason: entry.reason ?? '',
    details: entry.details ?? {},
  });
}

export async function listBusinesses(ctx: Ctx, input: BusinessListQuery): Promise<{ businesses: PlatformBusiness[]; count: number }> {
  const query = businessListQuery.parse(input);
  const conditions: SQL[] = [];
  if (query.searchQuery) {
    const term = like(query.searchQuery);
    const match = or(
      ilike(businesses.businessName, term),
      ilike(businesses.displayName, term),
      ilike(businesses.email, term),
      ilike(businesses.name, term),
    );
    if (match) conditions.push(match);
  }
  if (query.isBlocked !== undefined) conditions.push(eq(businesses.isBlocked, query.isBlocked));
  if (query.isPrimeUser !== undefined) conditions.push(eq(businesses.isPrimeUser, query.isPrimeUser));
  const plan = sql<string>`coalesce(${signups.plan}, 'Basic')`;
  if (query.plan) conditions.push(sql`${plan} = ${query.plan}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const b = sql`"businesses"."id"`;
  const productCount = sql<number>`(select count(*)::int from ${products} p where p.business_id = ${b})`;
  const catalogueCount = sql<number>`(select count(*)::int from ${catalogues} c where c.business_id = ${b})`;
  const leadCount = sql<number>`(select count(*)::int from leads l where l.business_id = ${b})`;
  // Last activity: the newest write the business made (profile, products, catalogues, leads received, sign-ins).
  const lastActivity = sql<Date>`greatest(
    ${businesses.updatedAt},
    (select max(p.updated_at) from ${products} p where p.business_id = ${b}),
    (select max(c.updated_at) from ${catalogues} c where c.business_id = ${b}),
    (select max(l.created_at) from leads l where l.business_id = ${b}),
    (select max(s.created_at) from sessions s where s.business_id = ${b})
  )`.mapWith((v: string | Date) => new Date(v));
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        b: businesses,
        plan,
        verifiedAt: signups.verifiedAt,
        hasSignup: signups.businessId,
        productCount,
        catalogueCount,
        leadCount,
        lastActivity,
      })
      .from(businesses)
      .leftJoin(signups, eq(signups.businessId, businesses.id))
      .where(where)
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
      .limit(query.perPage)
      .offset((query.pageNo - 1) * query.perPage),
    ctx.db.select({ total: count() }).from(businesses).leftJoin(signups, eq(signups.businessId, businesses.id)).where(where),
  ]);
  return {
    businesses: rows.map((r) => ({
      _id: r.b.id,
      businessName: r.b.businessName,
      displayName: r.b.displayName,
      name: r.b.name,
      email: r.b.email,
      plan: r.plan,
      domain: r.b.domain,
      isBlocked: r.b.isBlocked,
      isPrimeUser: r.b.isPrimeUser,
      emailVerified: r.hasSignup === null || r.verifiedAt !== null,
      productCount: Number(r.productCount),
      catalogueCount: Number(r.catalogueCount),
      leadCount: Number(r.leadCount),
      createdAt: r.b.createdAt.toISOString(),
      lastActivityAt: new Date(r.lastActivity).toISOString(),
    })),
    count: total,
  };
}

export async function listProducts(ctx: Ctx, input: ItemListQuery): Promise<{ items: PlatformItem[]; count: number }> {
  const query = itemListQuery.parse(input);
  const conditions: SQL[] = [];
  if (query.businessId) {
    if (!isUuid(query.businessId)) return { items: [], count: 0 };
    conditions.push(eq(products.businessId, query.businessId));
  }
  if (query.searchQuery) conditions.push(ilike(products.productName, like(query.searchQuery)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ p: products, businessName: businesses.businessName })
      .from(products)
      .innerJoin(businesses, eq(businesses.id, products.businessId))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(query.perPage)
      .offset((query.pageNo - 1) * query.perPage),
    ctx.db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    items: rows.map(({ p, businessName }) => ({
      _id: p.id,
      businessId: p.businessId,
      businessName,
      name: p.productName,
      isPublic: p.isPublic,
      isBlocked: p.isBlocked,
      createdAt: p.createdAt.toISOString(),
    })),
    count: total,
  };
}

export async function listCatalogues(ctx: Ctx, input: ItemListQuery): Promise<{ items: PlatformItem[]; count: number }> {
  const query = itemListQuery.parse(input);
  const conditions: SQL[] = [];
  if (query.businessId) {
    if (!isUuid(query.businessId)) return { items: [], count: 0 };
    conditions.push(eq(catalogues.businessId, query.businessId));
  }
  if (query.searchQuery) conditions.push(ilike(catalogues.catalogueName, like(query.searchQuery)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ c: catalogues, businessName: businesses.businessName })
      .from(catalogues)
      .innerJoin(businesses, eq(businesses.id, catalogues.businessId))
      .where(where)
      .orderBy(desc(catalogues.createdAt), desc(catalogues.id))
      .limit(query.perPage)
      .offset((query.pageNo - 1) * query.perPage),
    ctx.db.select({ total: count() }).from(catalogues).where(where),
  ]);
  return {
    items: rows.map(({ c, businessName }) => ({
      _id: c.id,
      businessId: c.businessId,
      businessName,
      name: c.catalogueName,
      isPublic: c.isPublic,
      isBlocked: c.isBlocked,
      createdAt: c.createdAt.toISOString(),
    })),
    count: total,
  };
}

function requireReason(isBlocked: boolean, reason: string) {
  if (isBlocked && !reason) throw AppError.badRequest(platformTexts.reasonRequired);
}

export async function setUserBlocked(ctx: Ctx, { actor, input }: { actor: PlatformActor; input: BlockUserBody }) {
  const reason = (input.reason ?? '').trim();
  requireReason(input.isBlocked, reason);
  const id = input.id ?? '';
  if (!isUuid(id)) throw AppError.notFound(platformTexts.businessNotFound);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(businesses)
      .set({ isBlocked: input.isBlocked, updatedAt: new Date() })
      .where(eq(businesses.id, id))
      .returning({ id: businesses.id });
    if (!row) throw AppError.notFound(platformTexts.businessNotFound);
    await recordAudit(tx, actor, {
      action: input.isBlocked ? 'user.block' : 'user.unblock',
      targetType: 'user',
      targetId: id,
      businessId: id,
      reason,
    });
    return { status: input.isBlocked };
  });
}

export async function setPrimeUser(ctx: Ctx, { actor, input }: { actor: PlatformActor; input: PrimeUserBody }) {
  const id = input.id ?? '';
  if (!isUuid(id)) throw AppError.notFound(platformTexts.businessNotFound);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(businesses)
      .set({ isPrimeUser: input.isPrimeUser, updatedAt: new Date() })
      .where(eq(businesses.id, id))
      .returning({ id: businesses.id });
    if (!row) throw AppError.notFound(platformTexts.businessNotFound);
    await recordAudit(tx, actor, {
      action: input.isPrimeUser ? 'user.prime' : 'user.unprime',
      targetType: 'user',
      targetId: id,
      businessId: id,
    });
    return { status: input.isPrimeUser };
  });
}

export async function setProductBlocked(ctx: Ctx, { actor, input }: { actor: PlatformActor; input: BlockItemBody }) {
  const reason = (input.reason ?? '').trim();
  requireReason(input.isBlocked, reason);
  const businessId = input.businessId ?? '';
  const id = input.id ?? '';
  if (!isUuid(businessId) || !isUuid(id)) throw AppError.notFound(platformTexts.productNotFound);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ isBlocked: input.isBlocked })
      .where(and(eq(products.businessId, businessId), eq(products.id, id)))
      .returning({ id: products.id });
    if (!row) throw AppError.notFound(platformTexts.productNotFound);
    await recordAudit(tx, actor, {
      action: input.isBlocked ? 'product.block' : 'product.unblock',
      targetType: 'product',
      targetId: id,
      businessId,
      reason,
    });
    return { status: input.isBlocked };
  });
}

export async function setCatalogueBlocked(ctx: Ctx, { actor, input }: { actor: PlatformActor; input: BlockItemBody }) {
  const reason = (input.reason ?? '').trim();
  requireReason(input.isBlocked, reason);
  const businessId = input.businessId ?? '';
  const id = input.id ?? '';
  if (!isUuid(businessId) || !isUuid(id)) throw AppError.notFound(platformTexts.catalogueNotFound);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(catalogues)
      .set({ isBlocked: input.isBlocked })
      .where(and(eq(catalogues.businessId, businessId), eq(catalogues.id, id)))
      .returning({ id: catalogues.id });
    if (!row) throw AppError.notFound(platformTexts.catalogueNotFound);
    await recordAudit(tx, actor, {
      action: input.isBlocked ? 'catalogue.block' : 'catalogue.unblock',
      targetType: 'catalogue',
      targetId: id,
      businessId,
      reason,
    });
    return { status: input.isBlocked };
  });
}

export async function listMail(ctx: Ctx, input: MailListQuery): Promise<{ mails: OutboxMail[]; count: number }> {
  const query = mailListQuery.parse(input);
  const conditions: SQL[] = [];
  if (query.searchQuery) {
    const term = like(query.searchQuery);
    const match = or(ilike(mailOutbox.to, term), ilike(mailOutbox.subject, term));
    if (match) conditions.push(match);
  }
  // sent: handed to SMTP; failed: its mail:send job used up its attempts (decision 038); pending:
  // waiting or being retried (attempts and the last error show which), or kept in the outbox only (no SMTP_URL).
  if (query.state === 'sent') conditions.push(isNotNull(mailOutbox.sentAt));
  if (query.state === 'pending') conditions.push(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)) as SQL);
  if (query.state === 'failed') conditions.push(and(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.failedAt)) as SQL);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ m: mailOutbox, businessName: businesses.businessName })
      .from(mailOutbox)
      .leftJoin(businesses, eq(businesses.id, mailOutbox.businessId))
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.perPage)
      .offset((query.pageNo - 1) * query.perPage),
    ctx.db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return {
    mails: rows.map(({ m, businessName }) => ({
      _id: m.id,
      to: m.to,
      subject: m.subject,
      body: m.body,
      businessName,
      state: m.sentAt ? 'sent' : m.failedAt ? 'failed' : 'pending',
      transport: m.transport,
      attempts: m.attempts,
      error: m.lastError,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    count: total,
  };
}

/** The background job queue per job type, and the latest jobs that failed an attempt (console, beside the mail outbox). */
export async function listJobs(ctx: Ctx): Promise<JobQueuePayload> {
  return readJobQueue(ctx.db);
}

export async function listAudit(ctx: Ctx, input: AuditListQuery): Promise<{ entries: AuditEntry[]; count: number }> {
  const query = auditListQuery.parse(input);
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(platformAudit.action, query.action));
  if (query.businessId) {
    if (!isUuid(query.businessId)) return { entries: [], count: 0 };
    conditions.push(eq(platformAudit.businessId, query.businessId));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ a: platformAudit, businessName: businesses.businessName })
      .from(platformAudit)
      .leftJoin(businesses, eq(businesses.id, platformAudit.businessId))
      .where(where)
      .orderBy(desc(platformAudit.createdAt), desc(platformAudit.id))
      .limit(query.perPage)
      .offset((query.pageNo - 1) * query.perPage),
    ctx.db.select({ total: count() }).from(platformAudit).where(where),
  ]);
  return {
    entries: rows.map(({ a, businessName }) => ({
      _id: a.id,
      adminEmail: a.adminEmail,
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      businessName,
      reason: a.reason,
      createdAt: a.createdAt.toISOString(),
    })),
    count: total,
  };
}
