import type { CreateForumInput } from '@stashblog/contract/forum';
import { serverMessages } from '@stashblog/contract/messages';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import { forumMessages } from '../../db/schema/forum-messages.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { requirePublicBusiness } from '../users/users.service.ts';

// Where the owner reads forum messages (SPEC §2 admin routes).
const forumAdminPath = '/userAdmin/forum';

/** SPEC §7 createForum: a visitor's Contact Us message, stored with the owner's notification in one transaction. */
export async function createForum(ctx: Pick<AppContext, 'db'>, input: CreateForumInput): Promise<{ _id: string }> {
  const { id: businessId } = await requirePublicBusiness(ctx, input.businessName);
  const id = uuidv7();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(forumMessages)
      .values({ businessId, id, name: input.name, email: input.email, subject: input.subject, message: input.message });
    await tx.insert(notifications).values({
      businessId,
      id: uuidv7(),
      notification: serverMessages.forumNotification(input.name, input.subject),
      redirect: forumAdminPath,
    });
  });
  return { _id: id };
}
