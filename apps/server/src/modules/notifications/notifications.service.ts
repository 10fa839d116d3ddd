import { isUuid } from '@stashblog/contract/ids';
import {
  type CreateNotificationBody,
  type Notification,
  type NotificationFilter,
  notificationTexts,
  type PublicNotificationInput,
} from '@stashblog/contract/notifications';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import type { Transaction } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { activities, notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { acceptSubmission } from '../anti-spam/anti-spam.service.ts';
import { requirePublicBusiness } from '../businesses/businesses.service.ts';
import { queueMail } from '../mail/mail.service.ts';
import { type LinkKind, openedLinkItem } from '../private-links/private-links.service.ts';
import { pushTitle, queuePush } from '../push/push.service.ts';

type Ctx = Pick<AppContext, 'db'>;

/**
 * The one place an accepted lead/message reaches its owner, inside the caller's transaction:
 * an in-app notification (with the page to open), an activity record, and a mail to the owner
 * through the mail transport. Anything else that should tell the owner (web push) goes here too.
 * Mail and push are jobs added in the caller's transaction: sent once it commits (decision 038).
 */
export async function notifyOwner(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  tx: Transaction,
  {
    businessId,
    text,
    redirect,
    mail,
  }: { businessId: string; text: string; redirect: string; mail?: { subject: string; text: string; replyTo?: string } },
) {
  const notificationId = uuidv7();
  await tx.insert(notifications).values({ businessId, id: notificationId, notification: text, redirect });
  // Web push to the owner's browser: a job in this transaction, sent once it committed (modules/push).
  await queuePush(tx, { businessId, message: { title: pushTitle, body: text, url: redirect } });
  await tx.insert(activities).values({ businessId, id: uuidv7(), message: text, path: redirect });
  if (mail) {
    const [owner] = await tx.select({ email: businesses.email }).from(businesses).where(eq(businesses.id, businessId));
    if (owner?.email) {
      const link = `${ctx.config.publicUrl}${redirect}`;
      await queueMail(ctx, tx, {
        businessId,
        mail: { to: owner.email, subject: mail.subject, replyTo: mail.replyTo, text: `${mail.text}\n\nOpen in StashBlog: ${link}\n` },
      });
    }
  }
  return notificationId;
}

function toNotification(r: typeof notifications.$inferSelect): Notification {
  return {
    _id: r.id,
    notification: r.notification,
    createdAt: r.createdAt.toISOString(),
    isMarkedRead: r.isMarkedRead,
    redirect: r.redirect,
  };
}

const filterWhere = (businessId: string, filter: NotificationFilter): SQL | undefined =>
  and(
    eq(notifications.businessId, businessId),
    filter === 'New' ? eq(notifications.isMarkedRead, false) : filter === 'Read' ? eq(notifications.isMarkedRead, true) : undefined,
  );

/** SPEC §7 Admin notification create {notification, redirect}: a note the owner makes for themself. */
export async function createNotification(ctx: Ctx, { businessId, input }: { businessId: string; input: Required<CreateNotificationBody> }) {
  const id = uuidv7();
  await ctx.db.insert(notifications).values({ businessId, id, notification: input.notification, redirect: input.redirect });
  return { _id: id };
}

/** SPEC §7 fetchAll {perPage, pageNo, filter} -> notifications (newest first), total. */
export async function fetchNotifications(
  ctx: Ctx,
  { businessId, pageNo, perPage, filter }: { businessId: string; pageNo: number; perPage: number; filter: NotificationFilter },
) {
  const where = filterWhere(businessId, filter);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(perPage)
      .offset((pageNo - 1) * perPage),
    ctx.db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { notifications: rows.map(toNotification), total };
}

/** SPEC §7 count -> the owner's unread (new) notifications, for the bell. */
export async function countNewNotifications(ctx: Ctx, { businessId }: { businessId: string }) {
  const [{ total }] = await ctx.db.select({ total: count() }).from(notifications).where(filterWhere(businessId, 'New'));
  return { total };
}

function requireId(id: string): string {
  if (!isUuid(id)) throw AppError.notFound(notificationTexts.notFound);
  return id;
}

export async function markNotificationRead(ctx: Ctx, { businessId, id }: { businessId: string; id: string }) {
  const rows = await ctx.db
    .update(notifications)
    .set({ isMarkedRead: true })
    .where(and(eq(notifications.businessId, businessId), eq(notifications.id, requireId(id))))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw AppError.notFound(notificationTexts.notFound);
  return { _id: id };
}

export async function markAllNotificationsRead(ctx: Ctx, { businessId }: { businessId: string }) {
  const rows = await ctx.db
    .update(notifications)
    .set({ isMarkedRead: true })
    .where(filterWhere(businessId, 'New'))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}

export async function deleteNotification(ctx: Ctx, { businessId, id }: { businessId: string; id: string }) {
  const rows = await ctx.db
    .delete(notifications)
    .where(and(eq(notifications.businessId, businessId), eq(notifications.id, requireId(id))))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw AppError.notFound(notificationTexts.notFound);
  return { _id: id };
}

export async function deleteAllNotifications(ctx: Ctx, { businessId }: { businessId: string }) {
  const rows = await ctx.db.delete(notifications).where(eq(notifications.businessId, businessId)).returning({ id: notifications.id });
  return { deleted: rows.length };
}

/** The link a visitor's private-link page names (`…/privateLink?pq=CODE` or `?cq=CODE`), or null. */
function privateLinkOfPage(page: string): { kind: LinkKind; code: string } | null {
  const url = new URL(page, 'http://page.invalid');
  if (!/\/privateLink$/i.test(url.pathname)) return null;
  const pq = url.searchParams.get('pq');
  const cq = url.searchParams.get('cq');
  if (pq) return { kind: 'product', code: pq };
  if (cq) return { kind: 'catalogue', code: cq };
  return null;
}

/**
 * SPEC §7 Public notifications create {notification, businessName, redirect}: a visitor's page reports
 * an event (contract visitor-events.ts: a private link opened) and the server words it, linking into the owner's
 * own admin; visitor text is never stored (the schema refuses anything but an event name). Anonymous,
 * so it goes through the same intake as the forms (challenge, per-client and per-business caps). An
 * event the owner has not read yet is not added twice.
 */
export async function createPublicNotification(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  { input }: { input: PublicNotificationInput },
): Promise<{ _id: string }> {
  const business = await requirePublicBusiness(ctx, input.businessName);
  const link = privateLinkOfPage(input.redirect);
  const item = link && (await openedLinkItem(ctx, { businessId: business.id, kind: link.kind, code: link.code }));
  if (!link || !item) throw AppError.notFound(notificationTexts.eventNotFound);
  const text = notificationTexts.privateLinkOpened(link.code, item.itemName);
  const redirect = `/userAdmin/${link.kind === 'product' ? 'products' : 'catalogues'}/privateLinks/${item.itemId}`;
  let noted = '';
  const result = await acceptSubmission(ctx, { form: 'notification', businessId: business.id, input }, async (tx) => {
    const [unread] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.businessId, business.id),
          eq(notifications.isMarkedRead, false),
          eq(notifications.notification, text),
          eq(notifications.redirect, redirect),
        ),
      );
    if (unread) {
      noted = unread.id;
      return;
    }
    noted = await notifyOwner(ctx, tx, { businessId: business.id, text, redirect });
  });
  return { _id: noted || result.id };
}
