import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type AntiSpamInput, antiSpam, antiSpamTexts, type FormChallenge, type PublicForm } from '@stashblog/contract/anti-spam';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import type { Transaction } from '../../db/client.ts';
import { formSubmissions, spamRejections } from '../../db/schema/form-submissions.ts';
import { AppError } from '../../http/app-error.ts';

export type { PublicForm };
export type RejectionReason =
  | 'honeypot'
  | 'too-fast'
  | 'no-challenge'
  | 'forged-challenge'
  | 'expired-challenge'
  | 'rate-limit'
  | 'business-rate-limit';

/**
 * Accepted submissions one business may receive through one form per window, from all addresses
 * together (refused ones never count: the counter moves inside the accepting transaction).
 */
export const businessCap = { max: 60, windowSeconds: 10 * 60 } as const;

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

// ---- the form challenge: an issue time the server signs, so the time a form was open is its own measure ----

type ChallengeConfig = Pick<AppContext['config'], 'secret' | 'formChallengeTtlMs'>;

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`form-challenge|${body}`).digest();

/** A token for `form` issued at `now`: base64url("issuedAt.form.nonce") + "." + base64url(HMAC). */
export function issueChallenge(config: ChallengeConfig, { form, now = Date.now() }: { form: PublicForm; now?: number }): FormChallenge {
  const body = Buffer.from(`${now}.${form}.${randomBytes(12).toString('base64url')}`).toString('base64url');
  return {
    challenge: `${body}.${sign(config.secret, body).toString('base64url')}`,
    minFillMs: antiSpam.minFillMs,
    expiresInMs: config.formChallengeTtlMs,
  };
}

export type ChallengeVerdict = 'ok' | 'no-challenge' | 'forged-challenge' | 'expired-challenge' | 'too-fast';

/** Why a challenge is refused, or 'ok': signed by us, for this form, at least `minFillMs` and at most the lifetime old. */
export function verifyChallenge(
  config: ChallengeConfig,
  { form, token, now = Date.now() }: { form: PublicForm; token: string; now?: number },
): ChallengeVerdict {
  if (token === '') return 'no-challenge';
  const [body = '', mac, ...rest] = token.split('.');
  if (mac === undefined || rest.length > 0) return 'forged-challenge';
  const expected = sign(config.secret, body);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged-challenge';
  const [issued, signedForm] = Buffer.from(body, 'base64url').toString().split('.');
  if (signedForm !== form || !/^\d+$/.test(issued ?? '')) return 'forged-challenge';
  const age = now - Number(issued);
  if (age < antiSpam.minFillMs) return 'too-fast';
  if (age > config.formChallengeTtlMs) return 'expired-challenge';
  return 'ok';
}

/** Refuses bot-like submissions (honeypot filled, challenge missing, forged, expired or too young) with a clear error, counting them. */
export async function checkSubmission(
  ctx: Pick<AppContext, 'db' | 'config'>,
  { form, input, now = Date.now() }: { form: PublicForm; input: AntiSpamInput; now?: number },
) {
  if (input.website.trim() !== '') {
    await countRejection(ctx, { form, reason: 'honeypot' });
    throw AppError.badRequest(antiSpamTexts.honeypot);
  }
  const verdict = verifyChallenge(ctx.config, { form, token: input.challenge, now });
  if (verdict !== 'ok') {
    await countRejection(ctx, { form, reason: verdict });
    throw AppError.badRequest(antiSpamTexts.tooFast);
  }
}

/**
 * Counts one accepted submission against the business's cap, inside the accepting transaction (so a
 * refusal, or any later failure, rolls the count back), in PostgreSQL (so every node sees it). The
 * upsert's row lock makes concurrent submissions to one business take their turn. Throws when full.
 */
async function takeBusinessAllowance(tx: Transaction, { form, businessId }: { form: PublicForm; businessId: string }) {
  const key = `accepted|${form}|${businessId}`;
  const result = await tx.execute<{ count: number; ttl: number }>(sql`
    insert into rate_limits (key, count, expires_at)
    values (${key}, 1, now() + make_interval(secs => ${businessCap.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
      expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
    returning count, ceil(extract(epoch from (expires_at - now())))::int as ttl`);
  const [row] = result.rows;
  if (Number(row.count) > businessCap.max) throw new BusinessFull(Number(row.ttl));
}

class BusinessFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('business cap reached');
  }
}

/**
 * Accepts one public form submission exactly once: checks the anti-spam fields, then in ONE
 * transaction claims the idempotency key, takes one of the business's allowance and runs `write`
 * (the lead/message, its notification and mail). A second submit with the same key writes nothing
 * and answers the first result's id. A business past its cap refuses with 429, and that refusal
 * (like every other) leaves the allowance as it was.
 */
export async function acceptSubmission(
  ctx: Pick<AppContext, 'db' | 'config'>,
  { form, businessId, input }: { form: PublicForm; businessId: string | null; input: AntiSpamInput },
  write: (tx: Transaction, id: string) => Promise<void>,
): Promise<{ id: string; duplicate: boolean }> {
  await checkSubmission(ctx, { form, input });
  try {
    return await ctx.db.transaction(async (tx) => {
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
      if (businessId !== null) await takeBusinessAllowance(tx, { form, businessId });
      await write(tx, id);
      return { id, duplicate: false };
    });
  } catch (e) {
    if (!(e instanceof BusinessFull)) throw e;
    await countRejection(ctx, { form, reason: 'business-rate-limit' });
    throw AppError.tooMany(antiSpamTexts.businessRateLimited, e.retryAfterSeconds);
  }
}
