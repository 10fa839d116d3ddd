import { randomBytes } from 'node:crypto';
import { decodePassword, type LogInBody } from '@stashblog/contract/auth';
import { createPlatformAdminInput, type PlatformAdmin } from '@stashblog/contract/platform';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import { platformAdmins, platformSessions } from '../../db/schema/platform.ts';
import { loginFailures } from '../../db/schema/sessions.ts';
import { AppError } from '../../http/app-error.ts';
import { failureCount, hashPassword, hashToken, recordFailure, verifyPassword } from '../auth/auth.service.ts';

export type PlatformActor = { adminId: string; email: string; name: string; tokenHash: string };

const MAX_PER_ACCOUNT_IP = 5;
const MAX_PER_IP = 30;

/** `npm run cli -- create-platform-admin`: a platform admin account (never a business owner). */
export async function createPlatformAdmin(
  ctx: Pick<AppContext, 'db'>,
  input: { email: string; name: string; password: string },
): Promise<{ id: string; email: string }> {
  const parsed = createPlatformAdminInput.safeParse(input);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? 'Invalid platform admin');
  const email = parsed.data.email.toLowerCase();
  const [taken] = await ctx.db.select({ id: platformAdmins.id }).from(platformAdmins).where(sql`lower(${platformAdmins.email}) = ${email}`);
  if (taken) throw AppError.conflict(`A platform admin with email '${email}' already exists`);
  const id = uuidv7();
  await ctx.db.insert(platformAdmins).values({ id, email, name: parsed.data.name, passwordHash: await hashPassword(parsed.data.password) });
  return { id, email };
}

/** Platform sign-in: same password encoding and failure throttle as owners, separate sessions. */
export async function platformLogIn(ctx: AppContext, { input, ip }: { input: LogInBody; ip: string }): Promise<{ authorization: string }> {
  const email = input.email.trim().toLowerCase();
  const accountKey = `platform:${email}|${ip}`;
  const ipKey = `platform-ip:${ip}`;
  if ((await failureCount(ctx, accountKey)) >= MAX_PER_ACCOUNT_IP || (await failureCount(ctx, ipKey)) >= MAX_PER_IP) {
    throw AppError.tooMany(serverTexts.tooManyAttempts);
  }
  const password = decodePassword(input.password)?.trim();
  if (!password) throw AppError.badRequest(specTexts.signInPasswordRequired);
  const [admin] = await ctx.db
    .select({ id: platformAdmins.id, passwordHash: platformAdmins.passwordHash })
    .from(platformAdmins)
    .where(sql`lower(${platformAdmins.email}) = ${email}`);
  const valid = await verifyPassword(admin?.passwordHash, password);
  if (!admin || !valid) {
    await recordFailure(ctx, accountKey);
    await recordFailure(ctx, ipKey);
    throw AppError.unauthorised(serverTexts.invalidCredentials);
  }
  await ctx.db.delete(loginFailures).where(eq(loginFailures.key, accountKey));
  const token = randomBytes(32).toString('base64url');
  await ctx.db
    .insert(platformSessions)
    .values({ tokenHash: hashToken(token), adminId: admin.id, expiresAt: new Date(Date.now() + ctx.config.sessionTtlMs) });
  return { authorization: token };
}

export async function platformLogOut(ctx: Pick<AppContext, 'db'>, { tokenHash }: { tokenHash: string }) {
  await ctx.db.update(platformSessions).set({ revokedAt: new Date() }).where(eq(platformSessions.tokenHash, tokenHash));
}

export function describeAdmin(actor: PlatformActor): PlatformAdmin {
  return { name: actor.name, email: actor.email };
}

/** The platform admin a token names: null for no live session, 'expired' when its time is up (http/guards.ts). */
export async function resolvePlatformSession(ctx: Pick<AppContext, 'db'>, token: string): Promise<PlatformActor | 'expired' | null> {
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select({
      adminId: platformSessions.adminId,
      expiresAt: platformSessions.expiresAt,
      revokedAt: platformSessions.revokedAt,
      email: platformAdmins.email,
      name: platformAdmins.name,
    })
    .from(platformSessions)
    .innerJoin(platformAdmins, eq(platformAdmins.id, platformSessions.adminId))
    .where(eq(platformSessions.tokenHash, tokenHash));
  if (!row || row.revokedAt) return null;
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  return { adminId: row.adminId, email: row.email, name: row.name, tokenHash };
}
