import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodePassword } from '@stashblog/contract/auth';
import {
  type BusinessNameCheck,
  businessNameProblem,
  type Checklist,
  onboardingTexts,
  type SignUpBody,
  signUpBody,
  verificationTtlHours,
} from '@stashblog/contract/onboarding';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { signups } from '../../db/schema/onboarding.ts';
import { products } from '../../db/schema/products.ts';
import { bumpContentVersions } from '../../db/tenant-writes.ts';
import { AppError } from '../../http/app-error.ts';
import { createSession, hashPassword } from '../auth/auth.service.ts';
import { queueMail } from '../mail/mail.service.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;
const ttlMs = verificationTtlHours * 3600_000;

/** Live availability of a business name: format, reserved words, then uniqueness. */
export async function checkBusinessName(
  ctx: Pick<AppContext, 'db'>,
  { businessName }: { businessName: string },
): Promise<BusinessNameCheck> {
  const name = businessName.trim();
  const problem = businessNameProblem(name);
  if (problem) return { available: false, businessName: name, reason: problem };
  const [taken] = await ctx.db
    .select({ id: businesses.id, createdAt: signups.createdAt, verifiedAt: signups.verifiedAt, hasSignup: signups.businessId })
    .from(businesses)
    .leftJoin(signups, eq(signups.businessId, businesses.id))
    .where(eq(businesses.businessName, name));
  if (taken && !isAbandoned(taken)) return { available: false, businessName: name, reason: onboardingTexts.nameTaken };
  return { available: true, businessName: name, reason: null };
}

// A sign-up never verified within the link's lifetime no longer holds its name or email.
function isAbandoned(row: { hasSignup: string | null; verifiedAt: Date | null; createdAt: Date | null }) {
  return row.hasSignup !== null && row.verifiedAt === null && row.createdAt !== null && Date.now() - row.createdAt.getTime() > ttlMs;
}

function sign(ctx: Pick<AppContext, 'config'>, payload: string): string {
  return createHmac('sha256', ctx.config.secret).update(`verify-email:${payload}`).digest('base64url');
}

export function verificationToken(ctx: Pick<AppContext, 'config'>, businessId: string, expiresAt = Date.now() + ttlMs): string {
  const payload = `${businessId}.${expiresAt}`;
  return `${Buffer.from(payload).toString('base64url')}.${sign(ctx, payload)}`;
}

function readToken(ctx: Pick<AppContext, 'config'>, token: string): string | null {
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature) return null;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(sign(ctx, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [businessId, expires] = payload.split('.');
  if (!businessId || !expires || Number(expires) <= Date.now()) return null;
  return businessId;
}

export function verificationLink(ctx: Pick<AppContext, 'config'>, token: string): string {
  return `${ctx.config.publicUrl}/verifyEmail?token=${encodeURIComponent(token)}`;
}

// Through the mail transport (modules/mail): the outbox row is written in the caller's transaction.
async function sendVerificationMail(ctx: Ctx, db: Database | Transaction, b: { id: string; name: string; email: string }) {
  const link = verificationLink(ctx, verificationToken(ctx, b.id));
  await queueMail(ctx, db, {
    businessId: b.id,
    mail: { to: b.email, subject: onboardingTexts.verifySubject, text: onboardingTexts.verifyBody(b.name, link) },
  });
}

/** /getStarted 'Next': the business, unverified, with its plan; a verification link goes out by mail. */
export async function signUp(ctx: Ctx, { input }: { input: SignUpBody }): Promise<{ businessName: string; email: string }> {
  const parsed = signUpBody.safeParse(input);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? 'Invalid sign-up');
  const data = parsed.data;
  const businessName = data.businessName.trim();
  const nameProblem = businessNameProblem(businessName);
  if (nameProblem) throw AppError.badRequest(nameProblem);
  const password = decodePassword(data.password)?.trim();
  if (!password) throw AppError.badRequest(onboardingTexts.passwordRequired);
  if (password.length < 8) throw AppError.badRequest(onboardingTexts.passwordShort);
  const email = data.email.toLowerCase();
  const passwordHash = await hashPassword(password);

  const result = await ctx.db.transaction(async (tx) => {
    // Abandoned sign-ups (never verified, link expired) give their name and email back.
    const abandoned = await tx
      .delete(businesses)
      .where(
        sql`${businesses.id} in (select ${signups.businessId} from ${signups}
        where ${signups.verifiedAt} is null and ${signups.createdAt} < ${new Date(Date.now() - ttlMs)})
        and (${businesses.businessName} = ${businessName} or lower(${businesses.email}) = ${email})`,
      )
      .returning({ id: businesses.id });
    await bumpContentVersions(
      tx,
      abandoned.map((b) => b.id),
    );
    const clash = await tx
      .select({ businessName: businesses.businessName })
      .from(businesses)
      .where(or(eq(businesses.businessName, businessName), sql`lower(${businesses.email}) = ${email}`));
    if (clash.some((c) => c.businessName === businessName)) throw AppError.conflict(onboardingTexts.nameTaken);
    if (clash.length) throw AppError.conflict(onboardingTexts.emailTaken);
    const id = uuidv7();
    const inserted = await tx
      .insert(businesses)
      .values({
        id,
        businessName,
        displayName: data.displayName,
        name: data.name,
        email,
        passwordHash,
        phoneNo: data.phoneNo,
        address: data.address,
      })
      .onConflictDoNothing()
      .returning({ id: businesses.id });
    // a concurrent sign-up took the name between our check and insert
    if (!inserted.length) throw AppError.conflict(onboardingTexts.nameTaken);
    await bumpContentVersions(tx, [id]);
    await tx.insert(signups).values({ businessId: id, plan: data.plan, phoneNo: data.phoneNo });
    await sendVerificationMail(ctx, tx, { id, name: data.name, email });
    return { businessName, email };
  });
  return result;
}

/** The link from the mail: marks the email verified once and signs the owner in. */
export async function verifyEmail(ctx: Ctx, { token }: { token: string }): Promise<{ authorization: string; businessName: string }> {
  const businessId = readToken(ctx, token);
  if (!businessId) throw AppError.badRequest(onboardingTexts.linkInvalid);
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(signups)
      .set({ verifiedAt: new Date() })
      .where(and(eq(signups.businessId, businessId), isNull(signups.verifiedAt)))
      .returning({ businessId: signups.businessId });
    // The business turns public (visibility.ts): its content version moves, which drops every
    // node's cached 'no such business' for it (tenant look-ups, the public cache).
    if (row) {
      await tx.update(businesses).set({ updatedAt: new Date() }).where(eq(businesses.id, businessId));
      await bumpContentVersions(tx, [businessId]);
    }
    return row;
  });
  if (!updated) {
    const [exists] = await ctx.db.select({ id: signups.businessId }).from(signups).where(eq(signups.businessId, businessId));
    throw AppError.badRequest(exists ? onboardingTexts.linkUsed : onboardingTexts.linkInvalid);
  }
  const [b] = await ctx.db.select({ businessName: businesses.businessName }).from(businesses).where(eq(businesses.id, businessId));
  return { authorization: await createSession(ctx as AppContext, businessId), businessName: b?.businessName ?? '' };
}

/** A fresh link for an unverified sign-up. Answers the same whether or not one exists. */
export async function resendVerification(ctx: Ctx, { email }: { email: string }): Promise<void> {
  const [row] = await ctx.db
    .select({ id: businesses.id, name: businesses.name, email: businesses.email })
    .from(businesses)
    .innerJoin(signups, eq(signups.businessId, businesses.id))
    .where(and(sql`lower(${businesses.email}) = ${email.trim().toLowerCase()}`, isNull(signups.verifiedAt)));
  if (!row) return;
  await sendVerificationMail(ctx, ctx.db, row);
}

/** The admin empty-state checklist: what a new owner has done so far. */
export async function fetchChecklist(ctx: Pick<AppContext, 'db'>, { businessId }: { businessId: string }): Promise<Checklist> {
  const [row] = await ctx.db
    .select({
      logo: businesses.logo,
      theme: businesses.theme,
      template: businesses.template,
      plan: signups.plan,
      verifiedAt: signups.verifiedAt,
      hasSignup: signups.businessId,
      product: sql<boolean>`exists (select 1 from ${products} p where p.business_id = ${businesses.id})`,
      catalogue: sql<boolean>`exists (select 1 from ${catalogues} c where c.business_id = ${businesses.id})`,
    })
    .from(businesses)
    .leftJoin(signups, eq(signups.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  if (!row) throw AppError.unauthorised();
  return {
    logo: row.logo !== null,
    product: Boolean(row.product),
    catalogue: Boolean(row.catalogue),
    theme: row.theme !== '' || row.template !== '',
    plan: row.plan ?? 'Basic',
    emailVerified: row.hasSignup === null || row.verifiedAt !== null,
  };
}
