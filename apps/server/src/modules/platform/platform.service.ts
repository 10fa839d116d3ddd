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
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { signups } from '../../db/schema/onboarding.ts';
import { platformAudit } from '../../db/schema/platform.ts';
import { products } from '../../db/schema/products.ts';
import { bumpContentVersions, cataloguesWritten, productsWritten } from '../../db/tenant-writes.ts';
import { AppError } from '../../http/app-error.ts';
import { readJobQueue } from '../../jobs/queue.ts';
import type { PlatformActor } from './platform-auth.service.ts';

type Ctx = Pick<AppContext, 'db'>;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a console list, newest first (ties by id), and how many rows match in all. `rows` is the
 * list's select with its joins, `total` its count (with the joins the conditions need), both made
 * dynamic: the same conditions filter both.
 */
async function pageOf<Q extends PgSelect, C extends PgSelect>(
  rows: Q,
  total: C,
  {
    order,
    conditions,
    page,
  }: { order: { createdAt: PgColumn; id: PgColumn }; conditions: SQL[]; page: { pageNo: number; perPage: number } },
) {
  const where = and(...conditions);
  const [found, [counted]] = await Promise.all([
    rows
      .where(where)
      .orderBy(desc(order.createdAt), desc(order.id))
      .limit(page.perPage)
      .offset((page.pageNo - 1) * page.perPage),
    total.where(where),
  ]);
  return { rows: found, count: Number(counted.total) };
}

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
  const { rows, count: total } = await pageOf(
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
      .$dynamic(),
    ctx.db.select({ total: count() }).from(businesses).leftJoin(signups, eq(signups.businessId, businesses.id)).$dynamic(),
    { order: businesses, conditions, page: query },
  );
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

/** The platform's view of products and of catalogues: one table each, the same columns but the name. */
const itemTables = {
  product: { table: products, name: products.productName, notFound: platformTexts.productNotFound },
  catalogue: { table: catalogues, name: catalogues.catalogueName, notFound: platformTexts.catalogueNotFound },
};
type ItemKind = keyof typeof itemTables;

export async function listItems(ctx: Ctx, kind: ItemKind, input: ItemListQuery): Promise<{ items: PlatformItem[]; count: number }> {
  const query = itemListQuery.parse(input);
  const { table, name } = itemTables[kind];
  const conditions: SQL[] = [];
  if (query.businessId) {
    if (!isUuid(query.businessId)) return { items: [], count: 0 };
    conditions.push(eq(table.businessId, query.businessId));
  }
  if (query.searchQuery) conditions.push(ilike(name, like(query.searchQuery)));
  const { rows, count: total } = await pageOf(
    ctx.db
      .select({
        _id: table.id,
        businessId: table.businessId,
        businessName: businesses.businessName,
        name,
        isPublic: table.isPublic,
        isBlocked: table.isBlocked,
        createdAt: table.createdAt,
      })
      .from(table)
      .innerJoin(businesses, eq(businesses.id, table.businessId))
      .$dynamic(),
    ctx.db.select({ total: count() }).from(table).$dynamic(),
    { order: table, conditions, page: query },
  );
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), count: total };
}

function requireReason(isBlocked: boolean, reason: string) {
  if (isBlocked && !reason) throw AppError.badRequest(platformTexts.reasonRequired);
}

/** Sets a flag of one business and audits it, in one transaction; 404 for an id that is no business. */
async function setBusinessFlag(
  ctx: Ctx,
  {
    actor,
    id,
    flag,
    audit,
  }: {
    actor: PlatformActor;
    id: string;
    flag: { isBlocked: boolean } | { isPrimeUser: boolean };
    audit: { action: string; reason?: string };
  },
) {
  if (!isUuid(id)) throw AppError.notFound(platformTexts.businessNotFound);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(businesses)
      .set({ ...flag, updatedAt: new Date() })
      .where(eq(businesses.id, id))
      .returning({ id: businesses.id });
    if (!row) throw AppError.notFound(platformTexts.businessNotFound);
    await bumpContentVersions(tx, [id]);
    await recordAudit(tx, actor, { ...audit, targetType: 'user', targetId: id, businessId: id });
  });
}

export async function setUserBlocked(ctx: Ctx, { actor, input }: { actor: PlatformActor; input: BlockUserBody }) {
  const reason = (input.reason ?? '').trim();
  requireReason(input.isBlocked, reason);
  const action = input.isBlocked ? 'user.block' : 'user.unblock';
  await setBusinessFlag(ctx, { actor, id: input.id ?? '', flag: { isBlocked: input.isBlocked }, audit: { action, reason } });
  return { status: input.isBlocked };
}

export async function setPrimeUser(ctx: Ctx, { actor, input }: { actor: PlatformActor; input: PrimeUserBody }) {
  const action = input.isPrimeUser ? 'user.prime' : 'user.unprime';
  await setBusinessFlag(ctx, { actor, id: input.id ?? '', flag: { isPrimeUser: input.isPrimeUser }, audit: { action } });
  return { status: input.isPrimeUser };
}

export async function setItemBlocked(ctx: Ctx, { actor, kind, input }: { actor: PlatformActor; kind: ItemKind; input: BlockItemBody }) {
  const { table, notFound } = itemTables[kind];
  const reason = (input.reason ?? '').trim();
  requireReason(input.isBlocked, reason);
  const businessId = input.businessId ?? '';
  const id = input.id ?? '';
  if (!isUuid(businessId) || !isUuid(id)) throw AppError.notFound(notFound);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({ isBlocked: input.isBlocked })
      .where(and(eq(table.businessId, businessId), eq(table.id, id)))
      .returning({ id: table.id });
    if (!row) throw AppError.notFound(notFound);
    await (kind === 'product' ? productsWritten : cataloguesWritten)(tx, { businessId, ids: [row.id] });
    await recordAudit(tx, actor, {
      action: `${kind}.${input.isBlocked ? 'block' : 'unblock'}`,
      targetType: kind,
      targetId: id,
      businessId,
      reason,
    });
    return { status: input.isBlocked };
  });
}

function toOutboxMail(m: typeof mailOutbox.$inferSelect, businessName: string | null): OutboxMail {
  return {
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
  };
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
  const { rows, count: total } = await pageOf(
    ctx.db
      .select({ m: mailOutbox, businessName: businesses.businessName })
      .from(mailOutbox)
      .leftJoin(businesses, eq(businesses.id, mailOutbox.businessId))
      .$dynamic(),
    ctx.db.select({ total: count() }).from(mailOutbox).$dynamic(),
    { order: mailOutbox, conditions, page: query },
  );
  return { mails: rows.map(({ m, businessName }) => toOutboxMail(m, businessName)), count: total };
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
  const { rows, count: total } = await pageOf(
    ctx.db
      .select({ a: platformAudit, businessName: businesses.businessName })
      .from(platformAudit)
      .leftJoin(businesses, eq(businesses.id, platformAudit.businessId))
      .$dynamic(),
    ctx.db.select({ total: count() }).from(platformAudit).$dynamic(),
    { order: platformAudit, conditions, page: query },
  );
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
