import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  accountTexts,
  authTexts,
  decodePassword,
  emailChangeTtlHours,
  passwordMinLength,
  passwordResetTtlMinutes,
} from '@stashblog/contract/auth';
import { specTexts } from '@stashblog/contract/spec-texts';
import { profileTexts } from '@stashblog/contract/users';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { signups } from '../../db/schema/onboarding.ts';
import { accountTokens, sessions } from '../../db/schema/sessions.ts';
import { bumpContentVersions } from '../../db/tenant-writes.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, hashToken, revokeSessions } from '../auth/auth.service.ts';
import { queueMail } from '../mail/mail.service.ts';

// Single-use links mailed to an owner (issue 20): a password reset, and the confirmation of a new
// sign-in email. Each link carries a random token; only its hash is stored (account_tokens), like
// sessions. A link is spent by setting used_at, in the same transaction as what it changes.

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;
type Purpose = 'password-reset' | 'email-change';
type TokenRow = typeof accountTokens.$inferSelect;

/**
 * Reset mails per account per hour, whatever address asked (the account's address may have changed
 * within the hour). The per-address limit, 3 an hour, is the route's, in the shared rate-limit store.
 */
export const resetMailsPerAccountPerHour = 5;
/** Every forgot-password answer takes at least this long, so its timing does not tell known addresses. */
const resetAnswerFloorMs = 250;

const lowerEmail = (email: string) => sql`lower(${businesses.email}) = ${email.trim().toLowerCase()}`;

function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

function accountLink(ctx: Pick<AppContext, 'config'>, page: 'resetPassword' | 'confirmEmail', token: string) {
  return `${ctx.config.publicUrl}/${page}?token=${encodeURIComponent(token)}`;
}

async function findToken(db: Database | Transaction, purpose: Purpose, token: string, lock = false): Promise<TokenRow | null> {
  if (!token) return null;
  const query = db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const resetProblems = {
  missing: accountTexts.resetLinkMissing,
  invalid: accountTexts.resetLinkInvalid,
  used: accountTexts.resetLinkUsed,
  expired: accountTexts.resetLinkExpired,
};
const emailProblems = {
  missing: accountTexts.emailLinkMissing,
  invalid: accountTexts.emailLinkInvalid,
  used: accountTexts.emailLinkUsed,
  expired: accountTexts.emailLinkExpired,
};

/** The link's row when it may still be used; otherwise a 400 saying why (missing, unknown, used, expired). */
function usable(row: TokenRow | null, token: string, texts: Record<'missing' | 'invalid' | 'used' | 'expired', string>): TokenRow {
  if (!token) throw AppError.badRequest(texts.missing);
  if (!row) throw AppError.badRequest(texts.invalid);
  if (row.usedAt) throw AppError.badRequest(texts.used);
  if (row.expiresAt.getTime() <= Date.now()) throw AppError.badRequest(texts.expired);
  return row;
}

// ---- forgot password ----

/**
 * Forgot password: mails a single-use reset link when an account has this address, at most
 * `resetMailsPerAccountPerHour` an hour. `addressAllowed` is false once the route's per-address limit
 * is used up. The caller answers the same text in every case; this takes at least `resetAnswerFloorMs`
 * either way.
 */
export async function requestPasswordReset(ctx: Ctx, { email, addressAllowed }: { email: string; addressAllowed: boolean }) {
  const started = Date.now();
  try {
    const [b] = await ctx.db
      .select({ id: businesses.id, name: businesses.name, email: businesses.email })
      .from(businesses)
      .where(lowerEmail(email))
      .limit(1);
    if (!b || !addressAllowed) return;
    await ctx.db.transaction(async (tx) => {
      // One account's requests are counted one at a time.
      await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, b.id)).for('update');
      const [{ recent }] = await tx
        .select({ recent: count() })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.businessId, b.id),
            eq(accountTokens.purpose, 'password-reset'),
            gt(accountTokens.createdAt, sql`now() - interval '1 hour'`),
          ),
        );
      if (recent >= resetMailsPerAccountPerHour) return false;
      const { token, tokenHash } = newToken();
      await tx.insert(accountTokens).values({
        tokenHash,
        businessId: b.id,
        purpose: 'password-reset',
        expiresAt: new Date(Date.now() + passwordResetTtlMinutes * 60_000),
      });
      await queueMail(ctx, tx, {
        businessId: b.id,
        mail: {
          to: b.email,
          subject: accountTexts.resetSubject,
          text: accountTexts.resetBody(b.name, accountLink(ctx, 'resetPassword', token)),
        },
      });
      return true;
    });
  } finally {
    const wait = resetAnswerFloorMs - (Date.now() - started);
    if (wait > 0) await sleep(wait);
  }
}

/** The reset page asks first whether its link still works, so a spent link says so before anything is typed. */
export async function checkPasswordReset(ctx: Pick<AppContext, 'db'>, { token }: { token: string }) {
  usable(await findToken(ctx.db, 'password-reset', token), token, resetProblems);
}

/**
 * The new-password page: same rules as Change Password. Sets the password, spends this and every other
 * reset link of the account, signs out every session, and counts the address as verified (the link
 * was opened from its mailbox).
 */
export async function resetPassword(ctx: Ctx, { token, newPassword }: { token: string; newPassword: string }) {
  const next = decodePassword(newPassword)?.trim();
  // The link first: a spent or unknown link is refused before any password work.
  usable(await findToken(ctx.db, 'password-reset', token), token, resetProblems);
  if (!next) throw AppError.badRequest(specTexts.newPasswordRequired);
  if ([...next].length < passwordMinLength) throw AppError.badRequest(authTexts.passwordTooShort);
  const passwordHash = await hashPassword(next);
  await ctx.db.transaction(async (tx) => {
    // Locked and checked again: of two racing uses, the second finds it used.
    const row = usable(await findToken(tx, 'password-reset', token, true), token, resetProblems);
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.businessId, row.businessId), eq(accountTokens.purpose, 'password-reset'), isNull(accountTokens.usedAt)));
    await revokeSessions(tx, { businessId: row.businessId, keepTokenHash: null });
    await tx
      .update(signups)
      .set({ verifiedAt: new Date() })
      .where(and(eq(signups.businessId, row.businessId), isNull(signups.verifiedAt)));
    // After the sign-up row: this write bumps the business's content version, so a business made
    // public by the reset is routed at once on every node (see verifyEmail in onboarding).
    await tx.update(businesses).set({ passwordHash, updatedAt: new Date() }).where(eq(businesses.id, row.businessId));
  });
}

// ---- new sign-in email ----

/** The new sign-in email waiting for its link, if any. */
export async function findPendingEmail(db: Database | Transaction, businessId: string): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: accountTokens.newEmail })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.businessId, businessId),
        eq(accountTokens.purpose, 'email-change'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** Refuses an address another business signs in with (serialised per address for the transaction). */
export async function assertEmailFree(tx: Transaction, { businessId, email }: { businessId: string; email: string }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email:${email}`}))`);
  const [taken] = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(lowerEmail(email), sql`${businesses.id} <> ${businessId}`))
    .limit(1);
  if (taken) throw AppError.conflict(profileTexts.emailTaken);
}

/**
 * Inside the profile save, once the current password was checked: a single-use confirmation link to
 * the new address (replacing any pending one) and a notice to the current address. The sign-in email
 * itself does not change here.
 */
export async function requestEmailChange(
  ctx: Pick<AppContext, 'config' | 'log'>,
  tx: Transaction,
  { business, newEmail }: { business: { id: string; name: string; displayName: string; email: string }; newEmail: string },
) {
  await assertEmailFree(tx, { businessId: business.id, email: newEmail });
  await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.businessId, business.id), eq(accountTokens.purpose, 'email-change'), isNull(accountTokens.usedAt)));
  const { token, tokenHash } = newToken();
  await tx.insert(accountTokens).values({
    tokenHash,
    businessId: business.id,
    purpose: 'email-change',
    newEmail,
    expiresAt: new Date(Date.now() + emailChangeTtlHours * 3600_000),
  });
  const link = accountLink(ctx, 'confirmEmail', token);
  await queueMail(ctx, tx, {
    businessId: business.id,
    mail: {
      to: newEmail,
      subject: accountTexts.emailChangeSubject,
      text: accountTexts.emailChangeBody(business.name, business.displayName, link),
    },
  });
  await queueMail(ctx, tx, {
    businessId: business.id,
    mail: {
      to: business.email,
      subject: accountTexts.emailNoticeSubject,
      text: accountTexts.emailNoticeBody(business.name, business.displayName, newEmail),
    },
  });
}

/**
 * The link from the new address: the sign-in email becomes the new one, once. Every session of the
 * business is signed out except the one opening the link (`sessionTokenHash`, when the page sends the
 * owner's own session).
 */
export async function confirmEmailChange(ctx: Ctx, { token, sessionTokenHash }: { token: string; sessionTokenHash: string | null }) {
  return ctx.db.transaction(async (tx) => {
    const row = usable(await findToken(tx, 'email-change', token, true), token, emailProblems);
    const email = row.newEmail ?? '';
    if (!email) throw AppError.badRequest(emailProblems.invalid);
    await assertEmailFree(tx, { businessId: row.businessId, email });
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.businessId, row.businessId), eq(accountTokens.purpose, 'email-change'), isNull(accountTokens.usedAt)));
    await tx.update(businesses).set({ email, updatedAt: new Date() }).where(eq(businesses.id, row.businessId));
    await bumpContentVersions(tx, [row.businessId]);
    const [own] = sessionTokenHash
      ? await tx
          .select({ tokenHash: sessions.tokenHash })
          .from(sessions)
          .where(and(eq(sessions.tokenHash, sessionTokenHash), eq(sessions.businessId, row.businessId)))
      : [];
    await revokeSessions(tx, { businessId: row.businessId, keepTokenHash: own?.tokenHash ?? null });
    return { email };
  });
}
