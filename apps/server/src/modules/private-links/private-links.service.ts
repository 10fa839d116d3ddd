import { isUuid } from '@stashblog/contract/ids';
import { privateLinkTexts } from '@stashblog/contract/private-link-texts';
import {
  type ExpiryDuration,
  expiryFrom,
  type PrivateCataloguePayload,
  type PrivateLink,
  type PrivateLinkList,
  type PrivateLinkPayload,
  type PrivateProductPayload,
  privateLinkCodePattern,
} from '@stashblog/contract/private-links';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import { catalogueProducts, catalogues } from '../../db/schema/catalogues.ts';
import { privateLinks } from '../../db/schema/private-links.ts';
import { products } from '../../db/schema/products.ts';
import { AppError } from '../../http/app-error.ts';
import { requirePublicBusiness } from '../businesses/businesses.service.ts';
import { toCatalogue } from '../catalogues/catalogue-view.ts';
import { toProduct } from '../products/product-view.ts';
import { isCountableVisitor } from '../visits/visits.service.ts';

type Ctx = Pick<AppContext, 'db'>;
/** Which kind of item a link shares: one service serves the product and the catalogue calls. */
export type LinkKind = 'product' | 'catalogue';
type Row = typeof privateLinks.$inferSelect;

// A private catalogue opened through a link shows its members at once (visitors cannot page it through
// the public calls); far above any real catalogue.
const maxSharedProducts = 500;
const maxOffset = 2 ** 31 - 1;

const fkColumn = (kind: LinkKind) => (kind === 'product' ? privateLinks.fkProductId : privateLinks.fkCatalogueId);
const itemNotFound = (kind: LinkKind) =>
  AppError.notFound(kind === 'product' ? serverTexts.productNotFound : serverTexts.catalogueNotFound);
const linkNotFound = () => AppError.notFound(privateLinkTexts.notFound);

function toPrivateLink(row: Row): PrivateLink {
  return {
    _id: row.id,
    privateLink: row.privateLink,
    linkExpiresAt: row.linkExpiresAt.toISOString(),
    allowMultipleUsers: row.allowMultipleUsers,
    visits: row.visits,
    linkViewed: row.linkViewed,
    isBound: row.deviceId !== null,
    fkProductId: row.fkProductId,
    fkCatalogueId: row.fkCatalogueId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** SPEC §4: expired when the expiry time is at or before now. */
export function isExpired(linkExpiresAt: Date, now: Date): boolean {
  return linkExpiresAt.getTime() <= now.getTime();
}

// ---- owner calls (SPEC §7 admin products / catalogues: *PrivateLink*) ----

type OwnedItem = { id: string; name: string; isPublic: boolean; isBlocked: boolean };

/** One of the owner's products or catalogues, or 404 (foreign, unknown and malformed ids look the same). */
async function requireOwnItem(ctx: Ctx, kind: LinkKind, businessId: string, itemId: string): Promise<OwnedItem> {
  if (!isUuid(itemId)) throw itemNotFound(kind);
  const id = itemId.toLowerCase();
  const [row] =
    kind === 'product'
      ? await ctx.db
          .select({ id: products.id, name: products.productName, isPublic: products.isPublic, isBlocked: products.isBlocked })
          .from(products)
          .where(and(eq(products.businessId, businessId), eq(products.id, id)))
      : await ctx.db
          .select({ id: catalogues.id, name: catalogues.catalogueName, isPublic: catalogues.isPublic, isBlocked: catalogues.isBlocked })
          .from(catalogues)
          .where(and(eq(catalogues.businessId, businessId), eq(catalogues.id, id)));
  if (!row) throw itemNotFound(kind);
  return row;
}

/** SPEC §4: private-link features are for private items only (and not for items the platform blocked). */
function requireShareable(kind: LinkKind, item: OwnedItem) {
  if (item.isBlocked) throw AppError.forbidden(kind === 'product' ? specTexts.productBlocked : specTexts.catalogueBlocked);
  if (item.isPublic)
    throw AppError.conflict(kind === 'product' ? privateLinkTexts.onlyPrivateProducts : privateLinkTexts.onlyPrivateCatalogues);
}

async function requireOwnLink(ctx: Ctx, kind: LinkKind, businessId: string, id: string): Promise<Row> {
  if (!isUuid(id)) throw linkNotFound();
  const [row] = await ctx.db
    .select()
    .from(privateLinks)
    .where(and(eq(privateLinks.businessId, businessId), eq(privateLinks.id, id.toLowerCase()), isNotNull(fkColumn(kind))));
  if (!row) throw linkNotFound();
  return row;
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

type LinkInput = { privateLink: string; linkExpiresAt: ExpiryDuration; allowMultipleUsers: boolean };

/** POST generatePrivateLink: a new link for a private item; the duration counts from now. */
export async function generatePrivateLink(
  ctx: Ctx,
  {
    businessId,
    kind,
    itemId,
    input,
    now = new Date(),
  }: { businessId: string; kind: LinkKind; itemId: string; input: LinkInput; now?: Date },
): Promise<PrivateLinkPayload> {
  const item = await requireOwnItem(ctx, kind, businessId, itemId);
  requireShareable(kind, item);
  if (!privateLinkCodePattern.test(input.privateLink)) throw AppError.badRequest(privateLinkTexts.codeInvalid);
  try {
    const [row] = await ctx.db
      .insert(privateLinks)
      .values({
        businessId,
        id: uuidv7(),
        privateLink: input.privateLink,
        linkExpiresAt: expiryFrom(now, input.linkExpiresAt),
        allowMultipleUsers: input.allowMultipleUsers,
        fkProductId: kind === 'product' ? item.id : null,
        fkCatalogueId: kind === 'catalogue' ? item.id : null,
      })
      .returning();
    return { privateLink: toPrivateLink(row), itemName: item.name };
  } catch (e) {
    if (isUniqueViolation(e)) throw AppError.conflict(privateLinkTexts.codeTaken);
    throw e;
  }
}

/**
 * PUT updatePrivateLink: the code; the multi-user flag when the call carries it; a duration renews the expiry from
 * now. What the call does not carry stays as it is, as does the device binding.
 */
export async function updatePrivateLink(
  ctx: Ctx,
  {
    businessId,
    kind,
    id,
    input,
    now = new Date(),
  }: {
    businessId: string;
    kind: LinkKind;
    id: string;
    input: { privateLink: string; allowMultipleUsers?: boolean; linkExpiresAt?: ExpiryDuration };
    now?: Date;
  },
): Promise<PrivateLinkPayload> {
  const existing = await requireOwnLink(ctx, kind, businessId, id);
  const item = await requireOwnItem(ctx, kind, businessId, (existing.fkProductId ?? existing.fkCatalogueId) as string);
  if (!privateLinkCodePattern.test(input.privateLink)) throw AppError.badRequest(privateLinkTexts.codeInvalid);
  try {
    const [row] = await ctx.db
      .update(privateLinks)
      .set({
        privateLink: input.privateLink,
        ...(input.allowMultipleUsers === undefined ? {} : { allowMultipleUsers: input.allowMultipleUsers }),
        ...(input.linkExpiresAt ? { linkExpiresAt: expiryFrom(now, input.linkExpiresAt) } : {}),
      })
      .where(and(eq(privateLinks.businessId, businessId), eq(privateLinks.id, existing.id)))
      .returning();
    if (!row) throw linkNotFound();
    return { privateLink: toPrivateLink(row), itemName: item.name };
  } catch (e) {
    if (isUniqueViolation(e)) throw AppError.conflict(privateLinkTexts.codeTaken);
    throw e;
  }
}

/** GET fetchPrivateLink: one of the owner's links with its item's name. */
export async function fetchPrivateLink(
  ctx: Ctx,
  { businessId, kind, id }: { businessId: string; kind: LinkKind; id: string },
): Promise<PrivateLinkPayload> {
  const row = await requireOwnLink(ctx, kind, businessId, id);
  const item = await requireOwnItem(ctx, kind, businessId, (row.fkProductId ?? row.fkCatalogueId) as string);
  return { privateLink: toPrivateLink(row), itemName: item.name };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET fetchAllPrivateLinks: an item's links, newest first, searched by code, 12 a page. */
export async function fetchAllPrivateLinks(
  ctx: Ctx,
  {
    businessId,
    kind,
    itemId,
    query,
  }: { businessId: string; kind: LinkKind; itemId: string; query: { searchQuery?: string; pageNo: number; perPage: number } },
): Promise<PrivateLinkList> {
  const item = await requireOwnItem(ctx, kind, businessId, itemId);
  const where = and(
    eq(privateLinks.businessId, businessId),
    eq(fkColumn(kind), item.id),
    query.searchQuery ? sql`${privateLinks.privateLink} ilike ${`%${escapeLike(query.searchQuery)}%`}` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(privateLinks)
      .where(where)
      .orderBy(desc(privateLinks.createdAt), desc(privateLinks.id))
      .limit(query.perPage)
      .offset(Math.min((query.pageNo - 1) * query.perPage, maxOffset)),
    ctx.db.select({ total: count() }).from(privateLinks).where(where),
  ]);
  return { privateLinks: rows.map(toPrivateLink), count: total, itemName: item.name };
}

/** DELETE deletePrivateLink: one link by id, or every link of one item. */
export async function deletePrivateLinks(
  ctx: Ctx,
  { businessId, kind, id, itemId }: { businessId: string; kind: LinkKind; id?: string; itemId?: string },
): Promise<{ deleted: number }> {
  if (id) {
    const row = await requireOwnLink(ctx, kind, businessId, id);
    await ctx.db.delete(privateLinks).where(and(eq(privateLinks.businessId, businessId), eq(privateLinks.id, row.id)));
    return { deleted: 1 };
  }
  if (!itemId) throw linkNotFound();
  const item = await requireOwnItem(ctx, kind, businessId, itemId);
  const gone = await ctx.db
    .delete(privateLinks)
    .where(and(eq(privateLinks.businessId, businessId), eq(fkColumn(kind), item.id)))
    .returning({ id: privateLinks.id });
  return { deleted: gone.length };
}

// ---- visitor calls (SPEC §7 public *PrivateLink*): resolved through the business, enforced here ----

/** Why a visitor gets no content. The status tells the viewer which friendly page to show. */
export const refusals = {
  notFound: () => AppError.notFound(privateLinkTexts.viewerNotFound),
  expired: () => new AppError(410, privateLinkTexts.viewerExpired),
  otherDevice: () => AppError.forbidden(privateLinkTexts.viewerOtherDevice),
};

/** The visitor's device: the id from the signed device cookie, and the client fingerprint (may be absent). */
export type Device = { deviceId: string; fingerPrint: string | null | undefined };

async function findLink(ctx: Ctx, kind: LinkKind, businessName: string, code: string) {
  // Anything that cannot be a code is refused before the database is asked.
  if (!privateLinkCodePattern.test(code)) throw refusals.notFound();
  const business = await requirePublicBusiness(ctx, businessName.toLowerCase()).catch(() => {
    throw refusals.notFound();
  });
  const [row] = await ctx.db
    .select()
    .from(privateLinks)
    .where(and(eq(privateLinks.businessId, business.id), eq(privateLinks.privateLink, code), isNotNull(fkColumn(kind))));
  if (!row) throw refusals.notFound();
  return { business, row };
}

const sameDevice = (row: Row, device: Device) =>
  row.deviceId === device.deviceId && (row.fingerPrint === null || row.fingerPrint === (device.fingerPrint || null));

/**
 * Lets this device in or throws the refusal. A single-user link binds to the first device that opens it
 * (device cookie id and fingerprint, in one conditional UPDATE, so two devices racing cannot both bind);
 * afterwards only that device gets content. Every admitted view marks the link viewed.
 */
async function admit(ctx: Ctx, row: Row, device: Device, now: Date): Promise<Row> {
  if (isExpired(row.linkExpiresAt, now)) throw refusals.expired();
  const here = and(eq(privateLinks.businessId, row.businessId), eq(privateLinks.id, row.id));
  if (row.allowMultipleUsers) {
    if (!row.linkViewed) await ctx.db.update(privateLinks).set({ linkViewed: true }).where(here);
    return row;
  }
  if (row.deviceId === null) {
    const [bound] = await ctx.db
      .update(privateLinks)
      .set({ deviceId: device.deviceId, fingerPrint: device.fingerPrint || null, linkViewed: true })
      .where(and(here, isNull(privateLinks.deviceId)))
      .returning();
    if (bound) return bound;
    const [current] = await ctx.db.select().from(privateLinks).where(here);
    if (current && sameDevice(current, device)) return current;
    throw refusals.otherDevice();
  }
  if (!sameDevice(row, device)) throw refusals.otherDevice();
  if (!row.linkViewed) await ctx.db.update(privateLinks).set({ linkViewed: true }).where(here);
  return row;
}

/** GET public products fetchPrivateLink: the shared product, for an admitted device. */
export async function openPrivateProduct(
  ctx: Ctx,
  { businessName, code, device, now = new Date() }: { businessName: string; code: string; device: Device; now?: Date },
): Promise<PrivateProductPayload> {
  const { business, row } = await findLink(ctx, 'product', businessName, code);
  await admit(ctx, row, device, now);
  const [p] = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.businessId, business.id), eq(products.id, row.fkProductId as string), eq(products.isBlocked, false)));
  if (!p) throw refusals.notFound();
  return { product: toProduct(p, business.businessName), linkExpiresAt: row.linkExpiresAt.toISOString() };
}

/** GET public catalogues fetchPrivateLink: the shared catalogue and its unblocked members, for an admitted device. */
export async function openPrivateCatalogue(
  ctx: Ctx,
  { businessName, code, device, now = new Date() }: { businessName: string; code: string; device: Device; now?: Date },
): Promise<PrivateCataloguePayload> {
  const { business, row } = await findLink(ctx, 'catalogue', businessName, code);
  await admit(ctx, row, device, now);
  const catalogueId = row.fkCatalogueId as string;
  const [c] = await ctx.db
    .select()
    .from(catalogues)
    .where(and(eq(catalogues.businessId, business.id), eq(catalogues.id, catalogueId), eq(catalogues.isBlocked, false)));
  if (!c) throw refusals.notFound();
  const members = await ctx.db
    .select({ p: products })
    .from(catalogueProducts)
    .innerJoin(products, and(eq(products.businessId, catalogueProducts.businessId), eq(products.id, catalogueProducts.productId)))
    .where(
      and(eq(catalogueProducts.businessId, business.id), eq(catalogueProducts.catalogueId, catalogueId), eq(products.isBlocked, false)),
    )
    .orderBy(asc(catalogueProducts.position), asc(products.id))
    .limit(maxSharedProducts);
  const shared = members.map((m) => toProduct(m.p, business.businessName));
  const catalogue = toCatalogue(
    c,
    members.map((m) => ({ id: m.p.id, category: m.p.category, tags: m.p.tags, image: m.p.images[0] ?? null, visible: m.p.isPublic })),
    business.businessName,
  );
  return { catalogue, products: shared, count: shared.length, linkExpiresAt: row.linkExpiresAt.toISOString() };
}

/** PUT privateLinkVisits: counts an open of an existing link (refused devices included; crawlers not). */
export async function recordPrivateLinkVisit(
  ctx: Ctx,
  { kind, businessName, code, userAgent }: { kind: LinkKind; businessName: string; code: string; userAgent: string | undefined },
): Promise<{ counted: boolean }> {
  const { row } = await findLink(ctx, kind, businessName, code);
  if (!isCountableVisitor(userAgent)) return { counted: false };
  await ctx.db
    .update(privateLinks)
    .set({ visits: sql`${privateLinks.visits} + 1` })
    .where(and(eq(privateLinks.businessId, row.businessId), eq(privateLinks.id, row.id)));
  return { counted: true };
}

/** PUT public updatePrivateLink {linkViewed, fingerPrint}: the same admission as fetchPrivateLink (binding on first view). */
export async function markPrivateLinkViewed(
  ctx: Ctx,
  {
    kind,
    businessName,
    code,
    device,
    now = new Date(),
  }: { kind: LinkKind; businessName: string; code: string; device: Device; now?: Date },
): Promise<{ linkViewed: boolean }> {
  const { row } = await findLink(ctx, kind, businessName, code);
  await admit(ctx, row, device, now);
  return { linkViewed: true };
}

/**
 * Whether a visitor holding this code may act on the item (send a query about a private item): the link
 * is for that item, not expired, and either multi-user or already bound to this device cookie. Binds nothing.
 */
export async function linkGrantsItem(
  ctx: Ctx,
  {
    kind,
    businessName,
    code,
    itemId,
    deviceId,
    now = new Date(),
  }: { kind: LinkKind; businessName: string; code: string; itemId: string; deviceId: string | null; now?: Date },
): Promise<boolean> {
  try {
    const { row } = await findLink(ctx, kind, businessName, code);
    if ((kind === 'product' ? row.fkProductId : row.fkCatalogueId) !== itemId.toLowerCase()) return false;
    if (isExpired(row.linkExpiresAt, now)) return false;
    return row.allowMultipleUsers || (deviceId !== null && row.deviceId === deviceId);
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

/**
 * The item of one of a business's links that a visitor has really opened (linkViewed), for the owner's
 * "link opened" notification; null for an unknown or never-opened code.
 */
export async function openedLinkItem(
  ctx: Ctx,
  { businessId, kind, code }: { businessId: string; kind: LinkKind; code: string },
): Promise<{ itemId: string; itemName: string } | null> {
  if (!privateLinkCodePattern.test(code)) return null;
  const [row] = await ctx.db
    .select()
    .from(privateLinks)
    .where(
      and(
        eq(privateLinks.businessId, businessId),
        eq(privateLinks.privateLink, code),
        eq(privateLinks.linkViewed, true),
        isNotNull(fkColumn(kind)),
      ),
    );
  if (!row) return null;
  const item = await requireOwnItem(ctx, kind, businessId, (row.fkProductId ?? row.fkCatalogueId) as string).catch(() => null);
  return item ? { itemId: item.id, itemName: item.name } : null;
}
