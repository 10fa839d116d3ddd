import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** The SMTP delivery loop: sends due outbox rows; a failure is retried later with back-off. */
export type MailDelivery = {
  /** Ask for a delivery round soon (after a mail was queued and committed). */
  kick(): void;
  /** One delivery round now; resolves with how many mails went out. */
  deliverDue(): Promise<number>;
  stop(): Promise<void>;
};

const batchSize = 20;
const maxBackoffMs = 30 * 60_000;

// Back-off: retry after mailRetryMs, doubling per attempt, at most 30 minutes. Never given up on:
// a mail stays due until the server takes it (the platform admin can see stuck rows in the table).
export function nextAttemptDelayMs(retryMs: number, attempts: number): number {
  return Math.min(maxBackoffMs, retryMs * 2 ** Math.max(0, attempts - 1));
}

/** For processes that only queue mail (the CLI): the server's delivery loop sends what they queue. */
export const idleMailDelivery: MailDelivery = { kick() {}, deliverDue: async () => 0, stop: async () => {} };

export function mailDelivery({ config, db, log }: { config: Config; db: Database; log: Log }): MailDelivery {
  const smtpUrl = config.smtpUrl;
  if (!smtpUrl) return idleMailDelivery;
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10_000,
  } as nodemailer.TransportOptions);
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function round(): Promise<number> {
    let sent = 0;
    for (;;) {
      // Each mail is claimed in its own short transaction (SKIP LOCKED: several app nodes share the work).
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.transport, 'smtp'), isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
          .orderBy(asc(mailOutbox.nextAttemptAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return 'empty' as const;
        try {
          await transport.sendMail({
            from: config.mailFrom,
            to: row.to,
            subject: row.subject,
            text: row.body,
            ...(row.replyTo ? { replyTo: row.replyTo } : {}),
          });
          await tx
            .update(mailOutbox)
            .set({ sentAt: sql`now()`, attempts: row.attempts + 1, lastError: null })
            .where(eq(mailOutbox.id, row.id));
          log.info({ mailId: row.id, to: row.to }, 'mail sent');
          return 'sent' as const;
        } catch (e) {
          const attempts = row.attempts + 1;
          const delay = nextAttemptDelayMs(config.mailRetryMs, attempts);
          await tx
            .update(mailOutbox)
            .set({
              attempts,
              lastError: String((e as Error).message ?? e).slice(0, 500),
              nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
            })
            .where(eq(mailOutbox.id, row.id));
          log.warn({ mailId: row.id, attempts, retryInMs: delay, err: (e as Error).message }, 'mail delivery failed; will retry');
          return 'failed' as const;
        }
      });
      if (outcome === 'sent') sent++;
      // A failure usually means the server is down: stop this round, the next one retries.
      if (outcome !== 'sent' || stopped || sent >= batchSize * 50) return sent;
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((e) => {
        log.warn({ err: (e as Error).message }, 'mail delivery round failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  }

  const timer = setInterval(() => void run(), config.mailRetryMs);
  timer.unref();

  return {
    kick() {
      if (!stopped) setImmediate(() => void run());
    },
    deliverDue: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
