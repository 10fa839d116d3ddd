import { and, eq, isNull, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import type { JobRunner } from '../../jobs/queue.ts';

/**
 * The `mail:send` job: sends one queued SMTP mail. The row is read, the mail sent with no
 * transaction or lock held, and the outcome recorded in one statement. A failure is kept on the row
 * (attempts, last error) and thrown, so the queue retries with back-off; on the final attempt the
 * row is marked failed. A row already sent (a job run again after a crash) is not sent twice.
 */
export const sendQueuedMail: JobRunner<'mail:send'> = async (ctx, { mailId }, attempt) => {
  const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
  if (!row || row.sentAt || row.transport !== 'smtp') return;
  const unsent = and(eq(mailOutbox.id, mailId), isNull(mailOutbox.sentAt));
  try {
    if (!ctx.config.smtpUrl) throw new Error('SMTP_URL is not set on the node that ran this job');
    const transport = nodemailer.createTransport(ctx.config.smtpUrl, {
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10_000,
    } as nodemailer.TransportOptions);
    try {
      await transport.sendMail({
        from: ctx.config.mailFrom,
        to: row.to,
        subject: row.subject,
        text: row.body,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      });
    } finally {
      transport.close();
    }
  } catch (e) {
    const error = String((e as Error).message ?? e).slice(0, 500);
    await ctx.db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: error, failedAt: attempt.final ? sql`now()` : null })
      .where(unsent);
    ctx.log.warn({ mailId, attempts: attempt.attempts, final: attempt.final, err: error }, 'mail delivery failed');
    throw e;
  }
  await ctx.db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(unsent);
  ctx.log.info({ mailId, to: row.to }, 'mail sent');
};
