import type { CreateForumInput, Forum } from '@stashblog/contract/forum';
import { forumTexts } from '@stashblog/contract/forum-texts';
import { isUuid } from '@stashblog/contract/ids';
import type { SendMailInput } from '@stashblog/contract/mail';
import { serverTexts } from '@stashblog/contract/server-texts';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { forumMessages } from '../../db/schema/forum-messages.ts';
import { AppError } from '../../http/app-error.ts';
import { acceptSubmission } from '../anti-spam/anti-spam.service.ts';
import { requirePublicBusiness } from '../businesses/businesses.service.ts';
import { notifyOwner } from '../notifications/notifications.service.ts';

// Where the owner reads forum messages (SPEC §2 admin routes).
const forumAdminPath = '/userAdmin/forum';

type IntakeCtx = Pick<AppContext, 'db' | 'config' | 'log'>;

/**
 * SPEC §7 createForum: a visitor's Contact Us message (also /mail/sendMail to an owner). Stored
 * with the owner's notification, activity and mail in one transaction; mail goes out after commit.
 */
export async function createForum(
  ctx: IntakeCtx,
  { input, form = 'forum' }: { input: CreateForumInput; form?: 'forum' | 'mail' },
): Promise<{ _id: string }> {
  const { id: businessId } = await requirePublicBusiness(ctx, input.businessName);
  const result = await acceptSubmission(ctx, { form, businessId, input }, async (tx, id) => {
    await tx
      .insert(forumMessages)
      .values({ businessId, id, name: input.name, email: input.email, subject: input.subject, message: input.message });
    await notifyOwner(ctx, tx, {
      businessId,
      text: serverTexts.forumNotification(input.name, input.subject),
      redirect: forumAdminPath,
      mail: {
        subject: serverTexts.forumNotification(input.name, input.subject),
        replyTo: input.email,
        text: [`From: ${input.name} <${input.email}>`, `Subject: ${input.subject || forumTexts.noSubject}`, '', input.message].join('\n'),
      },
    });
  });
  return { _id: result.id };
}

/** SPEC §7 sendMail: a visitor's mail to a business owner, kept in the owner's Forum list and mailed. */
export async function sendMailToOwner(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  { input }: { input: SendMailInput },
): Promise<{ _id: string }> {
  return createForum(ctx, { input, form: 'mail' });
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SPEC §7 fetchForums {pageNo, perPage, search} -> forums (newest first), count. Search: name, email, subject, message. */
export async function fetchForums(
  ctx: Pick<AppContext, 'db'>,
  { businessId, pageNo, perPage, search }: { businessId: string; pageNo: number; perPage: number; search: string },
) {
  const pattern = `%${escapeLike(search)}%`;
  const where: SQL | undefined = and(
    eq(forumMessages.businessId, businessId),
    search
      ? or(
          ilike(forumMessages.name, pattern),
          ilike(forumMessages.email, pattern),
          ilike(forumMessages.subject, pattern),
          ilike(forumMessages.message, pattern),
        )
      : undefined,
  );
  const [rows, [{ total }], [business]] = await Promise.all([
    ctx.db
      .select()
      .from(forumMessages)
      .where(where)
      .orderBy(desc(forumMessages.createdAt), desc(forumMessages.id))
      .limit(perPage)
      .offset((pageNo - 1) * perPage),
    ctx.db.select({ total: count() }).from(forumMessages).where(where),
    ctx.db.select({ businessName: businesses.businessName }).from(businesses).where(eq(businesses.id, businessId)),
  ]);
  const forums: Forum[] = rows.map((r) => ({
    _id: r.id,
    businessName: business?.businessName ?? '',
    name: r.name,
    subject: r.subject,
    email: r.email,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
  return { forums, count: total };
}

/** SPEC §7 deleteForum {id}: only the owner's own message; a foreign or unknown id is 404. */
export async function deleteForum(ctx: Pick<AppContext, 'db'>, { businessId, id }: { businessId: string; id: string }) {
  if (!isUuid(id)) throw AppError.notFound(forumTexts.notFound);
  const rows = await ctx.db
    .delete(forumMessages)
    .where(and(eq(forumMessages.businessId, businessId), eq(forumMessages.id, id)))
    .returning({ id: forumMessages.id });
  if (rows.length === 0) throw AppError.notFound(forumTexts.notFound);
  return { _id: id };
}
