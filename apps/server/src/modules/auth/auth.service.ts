import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { authTexts, decodePassword, type LogInBody, passwordMinLength, type SessionUser } from '@stashblog/contract/auth';
import { onboardingTexts } from '@stashblog/contract/onboarding';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Transaction } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { signups } from '../../db/schema/onboarding.ts';
import { loginFailures, sessions } from '../../db/schema/sessions.ts';
import { AppError } from '../../http/app-error.ts';
import type { Owner } from '../../http/guards.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 /* argon2id */ });
}

// Throttle: failures per (account, IP) and per IP in a 15-minute window. A correct password from
// another IP is never refused, so an attacker cannot lock the owner out.
const WINDOW_MS = 15 * 60_000;
const MAX_PER_ACCOUNT_IP = 5;
const MAX_PER_IP = 30;

// An unknown email is checked against this hash so that it costs what a known one costs: the answer
// time does not tell which emails have accounts. Computed once, on first use.
let dummyHash: Promise<string> | null = null;
export const loginProbe = { dummyVerifications: 0 };

/** Verifies `password` against the account's hash, or against a fixed dummy hash when there is no account. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    loginProbe.dummyVerifications++;
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

// Failure rows older than the window count for nothing; they are deleted now and then so that
// random or spoofed attempts cannot grow the table without bound.
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;
export async function pruneLoginFailures(ctx: Pick<AppContext, 'db'>, force = false) {
  const now = Date.now();
  if (!force && now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  await ctx.db.delete(loginFailures).where(lt(loginFailures.windowStart, new Date(now - WINDOW_MS)));
}

export async function failureCount(ctx: Pick<AppContext, 'db'>, key: string): Promise<number> {
  const [row] = await ctx.db.select().from(loginFailures).where(eq(loginFailures.key, key));
  if (!row || Date.now() - row.windowStart.getTime() > WINDOW_MS) return 0;
  return row.count;
}

export async function recordFailure(ctx: Pick<AppContext, 'db' | 'log'>, key: string) {
  void pruneLoginFailures(ctx).catch((e) => ctx.log.warn({ err: e }, 'pruning login_failures failed'));
  await ctx.db
    .insert(loginFailures)
    .values({ key, count: 1, windowStart: new Date() })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${loginFailures.windowStart} < now() - interval '15 minutes' then 1 else ${loginFailures.count} + 1 end`,
        windowStart: sql`case when ${loginFailures.windowStart} < now() - interval '15 minutes' then now() else ${loginFailures.windowStart} end`,
      },
    });
}

export async function logIn(ctx: AppContext, { input, ip }: { input: LogInBody; ip: string }): Promise<{ authorization: string }> {
  const email = input.email.trim().toLowerCase();
  const accountKey = `acct:${email}|${ip}`;
  const ipKey = `ip:${ip}`;
  if ((await failureCount(ctx, accountKey)) >= MAX_PER_ACCOUNT_IP || (await failureCount(ctx, ipKey)) >= MAX_PER_IP) {
    throw AppError.tooMany(serverTexts.tooManyAttempts);
  }
  const password = decodePassword(input.password)?.trim();
  if (!password) throw AppError.badRequest(specTexts.signInPasswordRequired);
  const [business] = await ctx.db
    .select({ id: businesses.id, passwordHash: businesses.passwordHash })
    .from(businesses)
    .where(sql`lower(${businesses.email}) = ${email}`)
    .limit(1);
  const valid = await verifyPassword(business?.passwordHash, password);
  if (!business || !valid) {
    await recordFailure(ctx, accountKey);
    await recordFailure(ctx, ipKey);
    throw AppError.unauthorised(serverTexts.invalidCredentials);
  }
  await ctx.db.delete(loginFailures).where(eq(loginFailures.key, accountKey));
  // A self-signed-up business signs in only after verifying its email (modules/onboarding).
  const [signup] = await ctx.db.select({ verifiedAt: signups.verifiedAt }).from(signups).where(eq(signups.businessId, business.id));
  if (signup && !signup.verifiedAt) throw AppError.forbidden(onboardingTexts.emailNotVerified);
  return { authorization: await createSession(ctx, business.id) };
}

export async function createSession(ctx: AppContext, businessId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(sessions).values({
    tokenHash: hashToken(token),
    businessId,
    expiresAt: new Date(Date.now() + ctx.config.sessionTtlMs),
  });
  return token;
}

export async function resolveSession(ctx: AppContext, token: string): Promise<Owner> {
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select({
      businessId: sessions.businessId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      businessName: businesses.businessName,
    })
    .from(sessions)
    .innerJoin(businesses, eq(businesses.id, sessions.businessId))
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row || row.revokedAt) throw AppError.unauthorised();
  if (row.expiresAt.getTime() <= Date.now()) throw AppError.unauthorised(specTexts.tokenExpired);
  return { businessId: row.businessId, businessName: row.businessName, tokenHash };
}

export async function logOut(ctx: AppContext, { tokenHash }: { tokenHash: string }) {
  await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
}

export async function fetchUser(ctx: AppContext, { businessId }: { businessId: string }): Promise<SessionUser> {
  const [b] = await ctx.db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!b) throw AppError.unauthorised();
  return {
    name: b.name,
    email: b.email,
    logo: b.logo ? `/media/${b.logo}/image.jpg` : null,
    businessName: b.businessName,
    displayName: b.displayName,
    domain: b.domain,
    theme: b.theme,
    template: b.template,
    isAllProductsActive: b.isAllProductsActive,
    isAllCataloguesActive: b.isAllCataloguesActive,
    isBlocked: b.isBlocked,
  };
}

/** Changes the password and revokes every other session of the business. */
export async function changePassword(
  ctx: AppContext,
  { businessId, tokenHash, password, newPassword }: { businessId: string; tokenHash: string; password: string; newPassword: string },
) {
  const current = decodePassword(password)?.trim();
  const next = decodePassword(newPassword)?.trim();
  if (!current) throw AppError.badRequest(specTexts.currentPasswordRequired);
  if (!next) throw AppError.badRequest(specTexts.newPasswordRequired);
  if ([...next].length < passwordMinLength) throw AppError.badRequest(authTexts.passwordTooShort);
  const [b] = await ctx.db.select({ passwordHash: businesses.passwordHash }).from(businesses).where(eq(businesses.id, businessId));
  if (!b || !(await verifyPassword(b.passwordHash, current))) throw AppError.badRequest(serverTexts.wrongPassword);
  const passwordHash = await hashPassword(next);
  await ctx.db.transaction(async (tx) => {
    await tx.update(businesses).set({ passwordHash, updatedAt: new Date() }).where(eq(businesses.id, businessId));
    await revokeSessions(tx, { businessId, keepTokenHash: tokenHash });
  });
}

/**
 * Signs out every session of the business but `keepTokenHash` (the caller's own; null: all of them),
 * in the caller's transaction: after a password change or reset, and a confirmed new sign-in email.
 */
export async function revokeSessions(tx: Transaction, { businessId, keepTokenHash }: { businessId: string; keepTokenHash: string | null }) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.businessId, businessId),
        isNull(sessions.revokedAt),
        keepTokenHash ? sql`${sessions.tokenHash} <> ${keepTokenHash}` : undefined,
      ),
    );
}
