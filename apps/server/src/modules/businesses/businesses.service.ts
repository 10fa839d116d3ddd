import { accountTexts, decodePassword } from '@stashblog/contract/auth';
import { type CreateBusinessInput, createBusinessInput, displayNameFromBusinessName } from '@stashblog/contract/business';
import { mediaKeyFromUrl } from '@stashblog/contract/paths';
import type { PreSignedUrl } from '@stashblog/contract/products';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import type { Template, Theme } from '@stashblog/contract/themes';
import { profileDetailsError, type UpdateDetailsBody, type UpdateDetailsResult, type UserDetails } from '@stashblog/contract/users';
import { and, count, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { bumpContentVersions, changePublicContent } from '../../db/tenant-writes.ts';
import { AppError } from '../../http/app-error.ts';
import { findPendingEmail, requestEmailChange } from '../account/account.service.ts';
import { failureCount, hashPassword, recordFailure, verifyPassword } from '../auth/auth.service.ts';
import { createUploadSlots, deleteMedia, type Queryable } from '../media/media.service.ts';
import { type BusinessRow, toUserProfile } from './business-view.ts';
import { businessIsPublic } from './visibility.ts';

export async function createBusiness(
  ctx: Pick<AppContext, 'db'>,
  input: CreateBusinessInput,
): Promise<{ id: string; businessName: string }> {
  const parsed = createBusinessInput.safeParse(input);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? 'Invalid business');
  const { businessName, displayName = displayNameFromBusinessName(businessName), name, email, password } = parsed.data;
  const [taken] = await ctx.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.businessName, businessName));
  if (taken) throw AppError.conflict(`Business name '${businessName}' is already taken`);
  const [emailTaken] = await ctx.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(sql`lower(${businesses.email}) = ${email.toLowerCase()}`);
  if (emailTaken) throw AppError.conflict(`Email '${email}' already has a business`);
  const id = uuidv7();
  const passwordHash = await hashPassword(password);
  await changePublicContent(ctx.db, id, (tx) =>
    tx.insert(businesses).values({ id, businessName, displayName, name, email: email.toLowerCase(), passwordHash }),
  );
  return { id, businessName };
}

export async function findBusinessByName(ctx: Pick<AppContext, 'db'>, businessName: string) {
  const [b] = await ctx.db.select().from(businesses).where(eq(businesses.businessName, businessName.toLowerCase()));
  return b ?? null;
}

export type TenantRow = { id: string; businessName: string; displayName: string; domain: string | null };

/**
 * A business visitors may see (businesses/visibility.ts: not blocked, and verified), by its name or by a custom-domain
 * Host; null otherwise. Every storefront page (http/tenant.ts) and public call finds its business here.
 */
export async function findPublicBusiness(ctx: Pick<AppContext, 'db'>, by: { businessName: string } | { domain: string }) {
  const where = 'businessName' in by ? eq(businesses.businessName, by.businessName) : eq(businesses.domain, by.domain);
  const [b] = await ctx.db
    .select({ id: businesses.id, businessName: businesses.businessName, displayName: businesses.displayName, domain: businesses.domain })
    .from(businesses)
    .where(and(where, businessIsPublic(sql`${businesses}`)));
  return b ?? null;
}

/** The business answering on a custom-domain Host: stored domain equal to the Host, or to the Host without its port. */
export async function findBusinessByHost(
  ctx: Pick<AppContext, 'db'>,
  host: string,
  lookup: (key: { domain: string }) => Promise<TenantRow | null> = (key) => findPublicBusiness(ctx, key),
): Promise<TenantRow | null> {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  if (!h) return null;
  const exact = await lookup({ domain: h });
  if (exact) return exact;
  const bare = h.replace(/:\d+$/, '');
  return bare !== h ? lookup({ domain: bare }) : null;
}

/** A visible business by name, or 404 (unknown, blocked and unverified look the same to visitors). */
export async function requirePublicBusiness(ctx: Pick<AppContext, 'db'>, businessName: string): Promise<TenantRow> {
  const b = businessName ? await findPublicBusiness(ctx, { businessName }) : null;
  if (!b) throw AppError.notFound(serverTexts.businessNotFound);
  return b;
}

export async function updateTheme(
  ctx: Pick<AppContext, 'db'>,
  { businessId, template, theme }: { businessId: string; template: Template; theme: Theme },
) {
  await changePublicContent(ctx.db, businessId, (tx) =>
    tx.update(businesses).set({ template, theme, updatedAt: new Date() }).where(eq(businesses.id, businessId)),
  );
  return { template, theme };
}

// ---- the owner's own profile (SPEC §7 Admin user) ----

async function ownBusiness(db: Queryable, businessId: string, lock = false) {
  const query = db.select().from(businesses).where(eq(businesses.id, businessId));
  const [b] = lock ? await query.for('update') : await query;
  if (!b) throw AppError.unauthorised();
  return b;
}

async function toUserDetails(db: Queryable, b: BusinessRow): Promise<UserDetails> {
  const [{ total }] = await db.select({ total: count() }).from(catalogues).where(eq(catalogues.businessId, b.id));
  return {
    ...toUserProfile(b, total),
    isBlocked: b.isBlocked,
    isAllProductsActive: b.isAllProductsActive,
    isAllCataloguesActive: b.isAllCataloguesActive,
    pendingEmail: await findPendingEmail(db, b.id),
  };
}

/** GET fetchDetails: everything the Profile page edits, with urls for logo, banners and about-us images. */
export async function fetchDetails(ctx: Pick<AppContext, 'db'>, { businessId }: { businessId: string }) {
  return { userData: await toUserDetails(ctx.db, await ownBusiness(ctx.db, businessId)) };
}

/** The key of one of `current` named by `entry` (a /media path or an absolute url of it); null for a new file name. */
function currentKey(entry: string, current: string[]): string | null {
  let path = entry;
  if (/^https?:\/\//i.test(entry)) {
    try {
      path = new URL(entry).pathname;
    } catch {
      return null;
    }
  }
  const key = mediaKeyFromUrl(path)?.toLowerCase() ?? null;
  return key && current.includes(key) ? key : null;
}

/** Current images named in `entries` are kept in their new order; every other entry is a new file name. */
function planImages(entries: string[], current: string[]) {
  const plan: ({ keep: string } | { name: string })[] = [];
  for (const entry of entries) {
    const key = currentKey(entry, current);
    if (!key) plan.push({ name: entry });
    else if (!plan.some((p) => 'keep' in p && p.keep === key)) plan.push({ keep: key });
  }
  return { plan, names: plan.flatMap((p) => ('name' in p ? [p.name] : [])) };
}

function applyPlan(plan: ({ keep: string } | { name: string })[], ids: string[]): string[] {
  let next = 0;
  return plan.map((p) => ('keep' in p ? p.keep : (ids[next++] as string)));
}

/**
 * PUT updateDetails: validates in the SPEC §5 order, then saves the text fields and the logo, banners
 * and about-us images in one transaction. Only what the call carries changes: a missing optional
 * field or list stays as stored ('' or [] clears it). New files get upload slots (the returned urls);
 * images no longer listed are deleted with their files. A blocked owner may not change the profile.
 * A different email is not saved: with the current password it is asked for (modules/account), and
 * becomes the sign-in email when the link mailed to it is opened.
 */
export async function updateDetails(
  ctx: Pick<AppContext, 'db' | 'config' | 'blobs' | 'log'>,
  { businessId, input }: { businessId: string; input: UpdateDetailsBody },
): Promise<UpdateDetailsResult> {
  const invalid = profileDetailsError(input);
  if (invalid) throw AppError.badRequest(invalid);
  const email = input.email.toLowerCase();
  const current = await ownBusiness(ctx.db, businessId);
  const emailChange = email !== current.email.toLowerCase();
  if (emailChange) await checkPasswordForEmailChange(ctx, { businessId, passwordHash: current.passwordHash, password: input.password });
  const { result, removed } = await ctx.db.transaction(async (tx) => {
    const b = await ownBusiness(tx, businessId, true);
    if (b.isBlocked) throw AppError.forbidden(specTexts.userBlocked);
    // The password checked above was this one (a reset in between refuses the change).
    if (emailChange && b.passwordHash !== current.passwordHash) throw AppError.badRequest(accountTexts.emailPasswordWrong);
    const keep = { plan: [], names: [] };
    const logoPlan =
      input.logo === undefined ? keep : input.logo ? planImages([input.logo], b.logo ? [b.logo] : []) : { plan: [], names: [] };
    const bannerPlan = input.banners === undefined ? keep : planImages(input.banners, b.banners);
    const imagePlan = input.images === undefined ? keep : planImages(input.images, b.images);
    const [logoSlots, bannerSlots, imageSlots] = [
      await createUploadSlots(ctx, { businessId, category: 'logo', names: logoPlan.names, db: tx }),
      await createUploadSlots(ctx, { businessId, category: 'homeBanners', names: bannerPlan.names, db: tx }),
      await createUploadSlots(ctx, { businessId, category: 'aboutUsBanners', names: imagePlan.names, db: tx }),
    ];
    const logo = input.logo === undefined ? b.logo : (applyPlan(logoPlan.plan, logoSlots.ids)[0] ?? null);
    const banners = input.banners === undefined ? b.banners : applyPlan(bannerPlan.plan, bannerSlots.ids);
    const images = input.images === undefined ? b.images : applyPlan(imagePlan.plan, imageSlots.ids);
    const optional = {
      displayName: input.displayName,
      description: input.description,
      facebookLink: input.facebookLink,
      instagramLink: input.instagramLink,
      youtubeChannelLink: input.youtubeChannelLink,
      pinterestLink: input.pinterestLink,
      linkedInLink: input.linkedInLink,
      websiteLink: input.websiteLink,
    };
    const [updated] = await tx
      .update(businesses)
      .set({
        logo,
        banners,
        images,
        address: input.address,
        phoneNo: input.phoneNo,
        ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
        updatedAt: new Date(),
      })
      .where(eq(businesses.id, businessId))
      .returning();
    await bumpContentVersions(tx, [businessId]);
    if (emailChange) await requestEmailChange(ctx, tx, { business: updated, newEmail: email });
    const previous = [...(b.logo ? [b.logo] : []), ...b.banners, ...b.images];
    const now = new Set([...(logo ? [logo] : []), ...banners, ...images]);
    return {
      result: {
        userData: await toUserDetails(tx, updated),
        logoPreSignedUrl: (logoSlots.urls[0] as PreSignedUrl | undefined) ?? null,
        newHomeBannersPreSignedUrls: bannerSlots.urls,
        newAboutUsImagesPreSignedUrls: imageSlots.urls,
        emailConfirmationSentTo: emailChange ? email : null,
      },
      removed: previous.filter((key) => !now.has(key)),
    };
  });
  await deleteMedia(ctx, { businessId, ids: removed });
  return result;
}

// Failed password checks for an email change, per business in a 15-minute window (the sign-in
// throttle's counters): a stolen session cannot try passwords here without end.
const maxEmailPasswordFailures = 5;

async function checkPasswordForEmailChange(
  ctx: Pick<AppContext, 'db' | 'log'>,
  { businessId, passwordHash, password }: { businessId: string; passwordHash: string; password: string | undefined },
) {
  const given = password ? decodePassword(password)?.trim() : '';
  if (!given) throw AppError.badRequest(accountTexts.emailPasswordRequired);
  const key = `email-change:${businessId}`;
  if ((await failureCount(ctx, key)) >= maxEmailPasswordFailures) throw AppError.tooMany(serverTexts.tooManyAttempts);
  if (!(await verifyPassword(passwordHash, given))) {
    await recordFailure(ctx, key);
    throw AppError.badRequest(accountTexts.emailPasswordWrong);
  }
}
