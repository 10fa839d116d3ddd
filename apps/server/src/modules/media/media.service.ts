import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { isUuid } from '@stashblog/contract/ids';
import { imageWidths, limits } from '@stashblog/contract/limits';
import { type MediaCategory, mediaFileParams } from '@stashblog/contract/media';
import { serverMessages } from '@stashblog/contract/messages';
import { mediaUrl } from '@stashblog/contract/paths';
import type { PreSignedUrl } from '@stashblog/contract/products';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema/media.ts';
import { AppError } from '../../http/app-error.ts';
import { type ProcessedImage, processImage, processingTimeoutSeconds } from './images.ts';

/** A database handle or an open transaction, so slots can be created with the row that uses them. */
export type Queryable = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

const uploadLinkTtlSeconds = 3600;

function signature(secret: string, mediaId: string, exp: number): string {
  return createHmac('sha256', secret).update(`${mediaId}${exp}`).digest('hex');
}

// Absolute, on PUBLIC_URL, as an S3 pre-signed url is: a native or third-party client PUTs to it as
// given, and a page on another of our hosts (or a custom domain) reaches it through CORS.
function uploadUrl(config: Pick<Config, 'secret' | 'publicUrl'>, mediaId: string, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + uploadLinkTtlSeconds;
  return `${config.publicUrl}/api/media/upload/${mediaId}?exp=${exp}&sig=${signature(config.secret, mediaId, exp)}`;
}

function validSignature(secret: string, mediaId: string, exp: string, sig: string): boolean {
  if (!isUuid(mediaId) || !/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return false;
  const expected = Buffer.from(signature(secret, mediaId, Number(exp)), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex')) && Number(exp) * 1000 > Date.now();
}

/**
 * SPEC §7 pre-signed urls: one pending media row per file name, each with a signed upload url
 * valid for an hour. Returns them in the order of `names`; `ids` are what the owning row stores.
 */
export async function createUploadSlots(
  ctx: Pick<AppContext, 'db' | 'config'>,
  { businessId, category, names, db = ctx.db }: { businessId: string; category: MediaCategory; names: string[]; db?: Queryable },
): Promise<{ ids: string[]; urls: PreSignedUrl[] }> {
  if (names.length === 0) return { ids: [], urls: [] };
  const rows = names.map((name) => ({ businessId, id: uuidv7(), category, originalName: name.slice(0, 500) }));
  await db.insert(media).values(rows);
  return {
    ids: rows.map((r) => r.id),
    urls: rows.map((r, i) => ({ image: names[i] as string, url: uploadUrl(ctx.config, r.id) })),
  };
}

async function putVariants(ctx: Pick<AppContext, 'blobs'>, mediaId: string, image: ProcessedImage) {
  await Promise.all([
    ctx.blobs.put(`${mediaId}/image.jpg`, image.jpeg),
    ...image.variants.map((v) => ctx.blobs.put(`${mediaId}/${v.width}.webp`, v.data)),
  ]);
}

// An upload's claim on its slot outlives the longest it can take (queue wait up to a minute, then
// processing), so a lease only lapses when the node holding it died.
const leaseSeconds = 60 + processingTimeoutSeconds + 30;
const retryAfterSeconds = 2;

/**
 * Claims a pending slot for processing, counting toward its owner's uploads in flight: at most
 * `limits.uploadsInFlightPerOwner` across every app node (the count is in PostgreSQL; an advisory
 * lock per owner makes count-then-claim atomic). Returns the owning business.
 */
async function claimSlot(ctx: Pick<AppContext, 'db'>, mediaId: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ businessId: media.businessId, status: media.status, busy: sql<boolean>`coalesce(${media.processingUntil} > now(), false)` })
      .from(media)
      .where(eq(media.id, mediaId))
      .for('update');
    if (!row) throw AppError.notFound();
    if (row.status !== 'pending') throw AppError.conflict(serverMessages.uploadAlreadyDone);
    // Two PUTs of one slot: the second is refused at once instead of decoding the same bytes again.
    if (row.busy) throw AppError.conflict(serverMessages.uploadInProgress);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media-upload:${row.businessId}`}, 0))`);
    const [inFlight] = await tx
      .select({ n: count() })
      .from(media)
      .where(and(eq(media.businessId, row.businessId), gt(media.processingUntil, sql`now()`)));
    if ((inFlight?.n ?? 0) >= limits.uploadsInFlightPerOwner) {
      throw AppError.tooMany(serverMessages.uploadsInFlight(limits.uploadsInFlightPerOwner), retryAfterSeconds);
    }
    await tx
      .update(media)
      .set({ processingUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(eq(media.businessId, row.businessId), eq(media.id, mediaId)));
    return row.businessId;
  });
}

/** The signed PUT of SPEC §7 "File upload": validates, derives the variants, marks the slot ready. */
export async function acceptUpload(
  ctx: AppContext,
  { mediaId, exp, sig, body }: { mediaId: string; exp: string; sig: string; body: unknown },
): Promise<{ _id: string; url: string; width: number; height: number }> {
  if (!validSignature(ctx.config.secret, mediaId, exp, sig)) throw AppError.forbidden(serverMessages.uploadLinkInvalid);
  if (!Buffer.isBuffer(body) || body.length === 0) throw AppError.badRequest(serverMessages.uploadInvalid);
  const businessId = await claimSlot(ctx, mediaId);
  const slot = and(eq(media.businessId, businessId), eq(media.id, mediaId));
  let image: ProcessedImage;
  try {
    image = await processImage(body);
    await putVariants(ctx, mediaId, image);
  } catch (e) {
    // refused or failed: the slot stays pending and usable, and no longer counts as in flight
    await ctx.db.update(media).set({ processingUntil: null }).where(slot);
    throw e;
  }
  const done = await ctx.db
    .update(media)
    .set({ status: 'ready', bytes: body.length, width: image.width, height: image.height, processingUntil: null })
    .where(and(slot, eq(media.status, 'pending')))
    .returning({ id: media.id });
  if (done.length === 0) throw AppError.conflict(serverMessages.uploadAlreadyDone);
  return { _id: mediaId, url: mediaUrl(mediaId), width: image.width, height: image.height };
}

/** Stores image bytes directly (demo seeder, CLI): processed like an upload, returns the media id. */
export async function storeImage(
  ctx: Pick<AppContext, 'db' | 'blobs'>,
  { businessId, category, name, data }: { businessId: string; category: MediaCategory; name: string; data: Buffer },
): Promise<string> {
  const image = await processImage(data);
  const id = uuidv7();
  await putVariants(ctx, id, image);
  await ctx.db.insert(media).values({
    businessId,
    id,
    category,
    status: 'ready',
    originalName: name.slice(0, 500),
    bytes: data.length,
    width: image.width,
    height: image.height,
  });
  return id;
}

/** Drops media rows of one business and their files. Call after the transaction that unlinked them. */
export async function deleteMedia(ctx: Pick<AppContext, 'db' | 'blobs'>, { businessId, ids }: { businessId: string; ids: string[] }) {
  if (ids.length === 0) return;
  const gone = await ctx.db
    .delete(media)
    .where(and(eq(media.businessId, businessId), inArray(media.id, ids)))
    .returning({ id: media.id });
  await Promise.all(gone.map((g) => ctx.blobs.deletePrefix(`${g.id}/`)));
}

const contentTypes = { jpg: 'image/jpeg', webp: 'image/webp' } as const;

/** One stored file for `GET /media/:mediaId/:file`; null for anything that is not one of ours. */
export async function readMediaFile(
  ctx: Pick<AppContext, 'blobs'>,
  params: { mediaId: string; file: string },
): Promise<{ body: Readable; size: number; contentType: string } | null> {
  const parsed = mediaFileParams.safeParse(params);
  if (!parsed.success) return null;
  const { mediaId, file } = parsed.data;
  const key = mediaId.toLowerCase();
  let blob = await ctx.blobs.get(`${key}/${file}`);
  // A small original has no wide variants; srcset still names every width (the page cannot know
  // the original's size), so a wider request gets the widest variant there is.
  const wanted = /^(\d+)\.webp$/.exec(file);
  if (!blob && wanted) {
    for (const w of [...imageWidths].reverse().filter((w) => w < Number(wanted[1]))) {
      blob = await ctx.blobs.get(`${key}/${w}.webp`);
      if (blob) break;
    }
  }
  if (!blob) return null;
  return { ...blob, contentType: file.endsWith('.webp') ? contentTypes.webp : contentTypes.jpg };
}

/** SPEC §7 image proxy: only a url of our own media (a path, or absolute on one of our own hosts). */
export async function proxyMedia(ctx: Pick<AppContext, 'blobs' | 'config'>, { url }: { url: string }) {
  const ownHosts = new Set([new URL(ctx.config.publicUrl).host, ...ctx.config.appHosts]);
  let target: URL | null = null;
  try {
    target = new URL(url, ctx.config.publicUrl);
  } catch {}
  const m = target && ownHosts.has(target.host) && !target.search ? /^\/media\/([^/]+)\/([^/]+)$/.exec(target.pathname) : null;
  const params = mediaFileParams.safeParse({ mediaId: m?.[1], file: m?.[2] });
  if (!params.success) throw AppError.badRequest(serverMessages.proxyUrlInvalid);
  const file = await readMediaFile(ctx, params.data);
  if (!file) throw AppError.notFound();
  return file;
}
