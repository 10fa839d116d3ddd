import type { SupportMailInput } from '@stashblog/contract/mail';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { supportMessages } from '../../db/schema/forum-messages.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { addJob } from '../../jobs/queue.ts';
import { acceptSubmission } from '../anti-spam/anti-spam.service.ts';

export type OutgoingMail = { to: string; subject: string; text: string; replyTo?: string };

/**
 * Queues a mail inside the caller's transaction: it exists exactly when the lead/message it belongs
 * to does. With SMTP configured a `mail:send` job, added in the same transaction, sends it once the
 * transaction commits, retrying while the server is down (decision 038); without, the outbox row
 * and the log line are the delivery.
 */
export async function queueMail(
  ctx: Pick<AppContext, 'config' | 'log'>,
  tx: Transaction | Database,
  { businessId, mail }: { businessId: string | null; mail: OutgoingMail },
) {
  const id = uuidv7();
  const transport = ctx.config.smtpUrl ? 'smtp' : 'outbox';
  await tx.insert(mailOutbox).values({
    id,
    businessId,
    to: mail.to,
    subject: mail.subject.slice(0, 300),
    body: mail.text,
    replyTo: mail.replyTo ?? null,
    transport,
  });
  if (transport === 'smtp') await addJob(tx, 'mail:send', { mailId: id });
  else {
    // Without SMTP this line is how an operator reads a mail: who to, what, and every link in it.
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    ctx.log.info(
      { mailId: id, to: mail.to, subject: mail.subject, links },
      `mail queued in outbox (no SMTP_URL) to ${mail.to}: "${mail.subject}"${links.length ? ` links: ${links.join(' ')}` : ''}`,
    );
  }
  return { id };
}

/** SPEC §7 sendSupportMail: the marketing support form; stored, then mailed to the platform's support address. */
export async function sendSupportMail(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  { input }: { input: SupportMailInput },
): Promise<{ _id: string }> {
  const result = await acceptSubmission(ctx, { form: 'support', businessId: null, input }, async (tx, id) => {
    await tx.insert(supportMessages).values({ id, name: input.name, subject: input.subject, email: input.email, message: input.message });
    await queueMail(ctx, tx, {
      businessId: null,
      mail: {
        to: ctx.config.supportEmail,
        replyTo: input.email,
        subject: `Support: ${input.subject || 'N/A'} (from ${input.name})`,
        text: [`From: ${input.name} <${input.email}>`, `Subject: ${input.subject || 'N/A'}`, '', input.message].join('\n'),
      },
    });
  });
  return { _id: result.id };
}
