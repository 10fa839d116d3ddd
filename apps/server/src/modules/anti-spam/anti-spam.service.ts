import { type AntiSpamInput, antiSpam, antiSpamMessages } from '@stashblog/contract/anti-spam';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import type { Transaction } from '../../db/client.ts';
import { formSubmissions, spamRejections } from '../../db/schema/form-submissions.ts';
import { AppError } from '../../http/app-error.ts';

/** The public forms that go through intake (used as the counter and idempotency scope). */
export type PublicForm = 'product-lead' | 'catalogue-lead' | 'forum' | 'mail' | 'support' | 'notification';
export type RejectionReason = 'honeypot' | 'too-fast' | 'rate-limit' | 'business-rate-limit';

/** Counts one refused attempt (per day, form and reason). Refused content is never stored. */
export async function countRejection(ctx: Pick<AppContext, 'db'>, { form, reason }: { form: PublicForm; reason: RejectionReason }) {
  await ctx.db
    .insert(spamRejections)
    .values({ day: sql`(now() at time zone 'utc')::date`, form, reason, count: 1 })
    .onConflictDoUpdate({
      target: [spamRejections.day, spamRejections.form, spamRejections.reason],
      set: { count: sql`${spamRejections.count} + 1` },
    });
}

/** Today's refused attempts per form and reason (for tests and the platform admin). */
export async function rejectionCounts(ctx: Pick<AppContext, 'db'>, form: PublicForm): Promise<Record<string, number>> {
  const rows = await ctx.db
    .select({ reason: spamRejections.reason, count: spamRejections.count })
    .from(spamRejections)
    .where(sql`${spamRejections.form} = ${form} and ${spamRejections.day} = (now() at time zone 'utc')::date`);
  return Object.fromEntries(rows.map((r) => [r.reason, r.count]));
}

/** Refuses bot-like submissions (honeypot filled, sent faster than a person can) with a clear error, counting them. */
export async function checkSubmission(ctx: Pick<AppContext, 'db'>, { form, input }: { form: PublicForm; input: AntiSpamInput }) {
  if (input.website.trim() !== '') {
    await countRejection(ctx, { form, reason: 'honeypot' });
    throw AppError.badRequest(antiSpamMessages.honeypot);
  }
  if (input.formElapsedMs < antiSpam.minFillMs) {
    await countRejection(ctx, { form, reason: 'too-fast' });
    throw AppError.badRequest(antiSpamMessages.tooFast);
  }
}

/**
 * Accepts one public form submission exactly once: checks the anti-spam fields, then in ONE
 * transaction claims the idempotency key and runs `write` (the lead/message, its notification and
 * mail). A second submit with the same key writes nothing and answers the first result's id.
 */
export async function acceptSubmission(
  ctx: Pick<AppContext, 'db'>,
  { form, businessId, input }: { form: PublicForm; businessId: string | null; input: AntiSpamInput },
  write: (tx: Transaction, id: string) => Promise<void>,
): Promise<{ id: string; duplicate: boolean }> {
  await checkSubmission(ctx, { form, input });
  return ctx.db.transaction(async (tx) => {
    const id = uuidv7();
    // A concurrent submit with the same key waits here for the first one's commit, then conflicts.
    const claimed = await tx
      .insert(formSubmissions)
      .values({ key: input.idempotencyKey, form, businessId, resultId: id })
      .onConflictDoNothing()
      .returning({ key: formSubmissions.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select({ resultId: formSubmissions.resultId })
        .from(formSubmissions)
        .where(eq(formSubmissions.key, input.idempotencyKey));
      return { id: first.resultId, duplicate: true };
    }
    await write(tx, id);
    return { id, duplicate: false };
  });
}
