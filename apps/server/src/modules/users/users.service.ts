import { accountTexts, decodePassword } from '@stashblog/contract/auth';
import { type CreateBusinessInput, createBusinessInput } from '@stashblog/contract/business';
import { messages, serverMessages } from '@stashblog/contract/messages';
import { mediaKeyFromUrl, mediaUrl } from '@stashblog/contract/paths';
import type { PreSignedUrl } from '@stashblog/contract/products';
import type { Template, Theme } from '@stashblog/contract/themes';
import {
  type AdminCategoriesQuery,
  type Category,
  type FetchAllUsersQuery,
  type FetchCategoriesQuery,
  profileDetailsError,
  type UpdateDetailsBody,
  type UpdateDetailsResult,
  type UserDetails,
  type UserProfile,
} from '@stashblog/contract/users';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { catalogues } from '../../db/schema/catalogues.ts';
import { products } from '../../db/schema/products.ts';
import { AppError } from '../../http/app-error.ts';
import { findPendingEmail, requestEmailChange } from '../account/account.service.ts';
import { failureCount, hashPassword, recordFailure, verifyPassword } from '../auth/auth.service.ts';
import { createUploadSlots, deleteMedia, type Queryable } from '../media/media.service.ts';
import { businessIsPublic, businessShows, itemIsPublic, itemShowsIn } from './visibility.ts';

export async function createBusiness(
  ctx: Pick<AppContext, 'db'>,
  input: CreateBusinessInput,
): Promise<{ id: string; businessName: string }> {
  const parsed = createBusinessInput.safeParse(input);
  if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message ?? 'Invalid business');
  const { businessName, name, email, password } = parsed.data;
  const [taken] = await ctx.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.businessName, businessName));
  if (taken) throw AppError.conflict(`Business name '${businessName}' is already taken`);
  const [emailTaken] = await ctx.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(sql`lower(${businesses.email}) = ${email.toLowerCase()}`);
  if (emailTaken) throw AppError.conflict(`Email '${email}' already has a business`);
  const id = uuidv7();
  await ctx.db
    .insert(businesses)
    .values({ id, businessName, name, email: email.toLowerCase(), passwordHash: await hashPassword(password) });
  return { id, businessName };
}

export async function findBusinessByName(ctx: Pick<AppContext, 'db'>, businessName: string) {
  const [b] = await ctx.db.select().from(businesses).where(eq(businesses.businessName, businessName.toLowerCase()));
  return b ?? null;
}

export type TenantRow = { id: string; businessName: string; domain: string | null };

/**
 * A business visitors may see (users/visibility.ts: not blocked, and verified), by its name or by a custom-domain
 * Host; null otherwise. Every storefront page (http/tenant.ts) and public call finds its business here.
 */
export async function findPublicBusiness(ctx: Pick<AppContext, 'db'>, by: { businessName: string } | { domain: string }) {
  const where = 'businessName' in by ? eq(businesses.businessName, by.businessName) : eq(businesses.domain, by.domain);
  const [b] = await ctx.db
    .select({ id: businesses.id, businessName: businesses.businessName, domain: businesses.domain })
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
  if (!b) throw AppError.notFound(serverMessages.businessNotFound);
  return b;
}

// What visitors may see of a business's products (users/visibility.ts).
const publicProduct = (businessId: string) =>
  and(eq(products.businessId, businessId), itemShowsIn('product', sql`${products}`, sql`${businessId}::uuid`));

type BusinessRow = typeof businesses.$inferSelect;

function toUserProfile(b: BusinessRow, totalCatalogues: number): UserProfile {
  return {
    businessName: b.businessName,
    name: b.name,
    logo: b.logo ? mediaUrl(b.logo) : null,
    domain: b.domain,
    template: b.template,
    theme: b.theme,
    address: b.address,
    phoneNo: b.phoneNo,
    email: b.email,
    description: b.description,
    facebookLink: b.facebookLink,
    instagramLink: b.instagramLink,
    pinterestLink: b.pinterestLink,
    linkedInLink: b.linkedInLink,
    youtubeChannelLink: b.youtubeChannelLink,
    websiteLink: b.websiteLink,
    totalCatalogues,
    isPrimeUser: b.isPrimeUser,
    banners: b.banners.map(mediaUrl),
    images: b.images.map(mediaUrl),
  };
}

/** SPEC §7 Public user fetchAll: visible profiles, newest first; one profile when businessName is given. */
export async function fetchAllUsers(ctx: Pick<AppContext, 'db'>, query: FetchAllUsersQuery) {
  if (query.businessName !== undefined) await requirePublicBusiness(ctx, query.businessName);
  const conditions: SQL[] = [businessIsPublic(sql`${businesses}`)];
  if (query.businessName !== undefined) conditions.push(eq(businesses.businessName, query.businessName));
  if (query.isPrimeUser !== undefined) conditions.push(eq(businesses.isPrimeUser, query.isPrimeUser));
  if (query.searchQuery) {
    const like = `%${query.searchQuery.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(
      sql`(replace(${businesses.businessName}, '-', ' ') ilike ${like} or ${businesses.businessName} ilike ${like}
        or ${businesses.name} ilike ${like} or ${businesses.description} ilike ${like})`,
    );
  }
  const where = and(...conditions);
  const totalCatalogues = sql<number>`(select count(*)::int from ${catalogues} c
    where c.business_id = "businesses"."id" and ${itemIsPublic(sql`c`)} and ${businessShows('catalogue', sql`${businesses}`)})`;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ b: businesses, totalCatalogues })
      .from(businesses)
      .where(where)
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
      .limit(query.perPage)
      .offset((query.pageNo - 1) * query.perPage),
    ctx.db.select({ total: count() }).from(businesses).where(where),
  ]);
  return { userProfiles: rows.map((r) => toUserProfile(r.b, r.totalCatalogues)), count: total };
}

/** One visible profile, for the storefront's server-rendered pages (theme, template, nav, footer). */
export async function fetchPublicProfile(ctx: Pick<AppContext, 'db'>, { businessName }: { businessName: string }): Promise<UserProfile> {
  const { userProfiles } = await fetchAllUsers(ctx, { businessName, pageNo: 1, perPage: 1, isPrimeUser: undefined });
  return userProfiles[0];
}

export async function fetchAboutUs(ctx: Pick<AppContext, 'db'>, { businessName }: { businessName: string }) {
  const { id } = await requirePublicBusiness(ctx, businessName);
  const [b] = await ctx.db
    .select({ images: businesses.images, description: businesses.description })
    .from(businesses)
    .where(eq(businesses.id, id));
  return { aboutUs: { images: b.images.map(mediaUrl), description: b.description } };
}

/** SPEC §3 Categories: each category of the visible products, pictured by its newest product with an image. */
export async function fetchCategories(ctx: Pick<AppContext, 'db'>, query: FetchCategoriesQuery): Promise<{ categories: Category[] }> {
  const { id } = await requirePublicBusiness(ctx, query.businessName);
  const rows = await ctx.db
    .select({
      category: products.category,
      newest: sql<Date>`max(${products.createdAt})`.as('newest'),
      image: sql<string | null>`(array_agg(${products.images}[1] order by ${products.createdAt} desc)
        filter (where cardinality(${products.images}) > 0))[1]`,
    })
    .from(products)
    .where(publicProduct(id))
    .groupBy(products.category)
    .orderBy(sql`newest desc`, products.category)
    .limit(query.perPage)
    .offset((query.pageNo - 1) * query.perPage);
  return { categories: rows.map((r) => ({ category: r.category, image: r.image ? mediaUrl(r.image) : null })) };
}

/** SPEC §3 Home: the owner's banners; without any, the first images of the newest visible products (up to 3). */
export async function fetchHome(ctx: Pick<AppContext, 'db'>, { businessName }: { businessName: string }) {
  const { id } = await requirePublicBusiness(ctx, businessName);
  const [b] = await ctx.db.select({ banners: businesses.banners }).from(businesses).where(eq(businesses.id, id));
  if (b.banners.length) return { home: { banners: b.banners.map(mediaUrl) } };
  const newest = await ctx.db
    .select({ image: sql<string>`${products.images}[1]` })
    .from(products)
    .where(and(publicProduct(id), sql`cardinality(${products.images}) > 0`))
    .orderBy(desc(products.createdAt))
    .limit(3);
  return { home: { banners: newest.map((r) => mediaUrl(r.image)) } };
}

/** SPEC §7 checkDomain: the business answering on this Host (404 for our own hosts and unknown ones). */
export async function checkDomain(ctx: Pick<AppContext, 'db' | 'config'>, { host }: { host: string }) {
  const own = ctx.config.appHosts.includes(host.toLowerCase());
  const b = own ? null : await findBusinessByHost(ctx, host);
  if (!b) throw AppError.notFound(serverMessages.domainNotFound);
  return { businessName: b.businessName };
}

export async function checkDomainViaBusiness(ctx: Pick<AppContext, 'db'>, { businessName }: { businessName: string }) {
  const b = await requirePublicBusiness(ctx, businessName);
  return { domain: b.domain };
}

export async function updateTheme(
  ctx: Pick<AppContext, 'db'>,
  { businessId, template, theme }: { businessId: string; template: Template; theme: Theme },
) {
  await ctx.db.update(businesses).set({ template, theme, updatedAt: new Date() }).where(eq(businesses.id, businessId));
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
    if (b.isBlocked) throw AppError.forbidden(messages.userBlocked);
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
    if (emailChange) await requestEmailChange(ctx, tx, { business: b, newEmail: email });
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
  if ((await failureCount(ctx, key)) >= maxEmailPasswordFailures) throw AppError.tooMany(serverMessages.tooManyAttempts);
  if (!(await verifyPassword(passwordHash, given))) {
    await recordFailure(ctx, key);
    throw AppError.badRequest(accountTexts.emailPasswordWrong);
  }
}

/** GET fetchCategories (owner): the owner's categories, private products included, pictured by their newest image. */
export async function fetchOwnerCategories(
  ctx: Pick<AppContext, 'db'>,
  { businessId, query }: { businessId: string; query: AdminCategoriesQuery },
): Promise<{ categories: Category[] }> {
  const rows = await ctx.db
    .select({
      category: products.category,
      newest: sql<Date>`max(${products.createdAt})`.as('newest'),
      image: sql<string | null>`(array_agg(${products.images}[1] order by ${products.createdAt} desc)
        filter (where cardinality(${products.images}) > 0))[1]`,
    })
    .from(products)
    .where(eq(products.businessId, businessId))
    .groupBy(products.category)
    .orderBy(sql`newest desc`, products.category)
    .limit(query.perPage)
    .offset(Math.min((query.pageNo - 1) * query.perPage, 2 ** 31 - 1));
  return { categories: rows.map((r) => ({ category: r.category, image: r.image ? mediaUrl(r.image) : null })) };
}
