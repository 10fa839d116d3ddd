import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { isUuid } from '@stashblog/contract/ids';
import { limits } from '@stashblog/contract/limits';
import { type MediaCategory, mediaFileParams, type UploadedImage } from '@stashblog/contract/media';
import { mediaUrl } from '@stashblog/contract/paths';
import type { PreSignedUrl } from '@stashblog/contract/products';
import { serverTexts } from '@stashblog/contract/server-texts';
import { imageWidths } from '@stashblog/contract/storefront-limits';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { media } from '../../db/schema/media.ts';
import { bumpContentVersions, changePublicContent } from '../../db/tenant-writes.ts';
import { AppError } from '../../http/app-error.ts';
import { addJob } from '../../jobs/queue.ts';
import { makeVariants, processingTimeoutSeconds, processUpload, type UploadedJpeg } from './images.ts';

/** A database handle or an open transaction, so slots can be created with the row that uses them. */
export type Queryable = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

const uploadLinkTtlSeconds = 3600;

function signature(secret: string, mediaId: string, exp: number): string {
  return createHmac('sha256', secret).update(`${mediaId}${exp}`).digest('hex');
}

// Absolute, on PUBLIC_URL, as an S3 pre-signed url is: a native or third-party client PUTs to it as
// given, and a page on another of our hosts (or a custom domain) reaches it through CORS.
// `upload` takes the bytes (local disk); `complete` processes what was PUT to S3 (decision 015).
function signedUrl(config: Pick<Config, 'secret' | 'publicUrl'>, action: 'upload' | 'complete', mediaId: string, now = Date.now()) {
  const exp = Math.floor(now / 1000) + uploadLinkTtlSeconds;
  return `${config.publicUrl}/api/media/${action}/${mediaId}?exp=${exp}&sig=${signature(config.secret, mediaId, exp)}`;
}

function validSignature(secret: string, mediaId: string, exp: string, sig: string): boolean {
  if (!isUuid(mediaId) || !/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return false;
  const expected = Buffer.from(signature(secret, mediaId, Number(exp)), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex')) && Number(exp) * 1000 > Date.now();
}

/**
 * SPEC §7 pre-signed urls: one pending media row per file name, each with a signed upload url
 * valid for an hour. Returns them in the order of `names`; `ids` are what the owning row stores.
 * With a store clients upload to directly (S3), `url` is the store's presigned PUT of the original
 * and `completeUrl` the app's signed call that then processes it (decision 015).
 */
export async function createUploadSlots(
  ctx: Pick<AppContext, 'db' | 'config' | 'blobs'>,
  { businessId, category, names, db = ctx.db }: { businessId: string; category: MediaCategory; names: string[]; db?: Queryable },
): Promise<{ ids: string[]; urls: PreSignedUrl[] }> {
  if (names.length === 0) return { ids: [], urls: [] };
  const rows = names.map((name) => ({ businessId, id: uuidv7(), category, originalName: name.slice(0, 500) }));
  await db.insert(media).values(rows);
  const { presignedPut } = ctx.blobs;
  const urls = await Promise.all(
    rows.map(async (r, i) => {
      const image = names[i] as string;
      if (!presignedPut) return { image, url: signedUrl(ctx.config, 'upload', r.id) };
      return {
        image,
        url: await presignedPut(originalKey(r.id), uploadLinkTtlSeconds),
        completeUrl: signedUrl(ctx.config, 'complete', r.id),
      };
    }),
  );
  return { ids: rows.map((r) => r.id), urls };
}

const contentTypes = { jpg: 'image/jpeg', webp: 'image/webp' } as const;

/** Where a client's direct upload (S3 presigned PUT) lands until the app has processed it. */
const originalKey = (mediaId: string) => `uploads/${mediaId}`;

// Served for a year as immutable (a new upload is a new id), also when read from a public bucket.
const immutable = 'public, max-age=31536000, immutable';

async function putJpeg(ctx: Pick<AppContext, 'blobs'>, mediaId: string, image: UploadedJpeg) {
  await ctx.blobs.put(`${mediaId}/image.jpg`, image.jpeg, { contentType: contentTypes.jpg, cacheControl: immutable });
}

/**
 * Marks a stored image ready (`write`, returning the rows it wrote) and adds its `media:variants`
 * job in one transaction (decision 045): a node killed right after leaves a ready image whose job is
 * waiting, never one without its job.
 */
async function markReady(
  db: Database,
  { businessId, mediaId }: { businessId: string; mediaId: string },
  write: (tx: Transaction) => Promise<unknown[]>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await write(tx)).length === 0) return false;
    await addJob(tx, 'media:variants', { businessId, mediaId });
    await bumpContentVersions(tx, [businessId]);
    return true;
  });
}

/**
 * The `media:variants` job's work: the WebP widths of a ready image, made from its stored JPEG, then
 * recorded in `variant_widths` with a bump of the business's content version, so pages show them.
 * Nothing to do for an image deleted meanwhile, or whose widths are already there.
 */
export async function makeStoredVariants(
  ctx: Pick<AppContext, 'db' | 'blobs'>,
  { businessId, mediaId }: { businessId: string; mediaId: string },
) {
  const slot = and(eq(media.businessId, businessId), eq(media.id, mediaId));
  const [row] = await ctx.db.select({ status: media.status, widths: media.variantWidths }).from(media).where(slot);
  if (row?.status !== 'ready' || row.widths.length > 0) return;
  const stored = await ctx.blobs.get(`${mediaId}/image.jpg`);
  if (!stored) throw new Error(`media ${mediaId}: its JPEG is not in the store`);
  const variants = await makeVariants(await buffer(stored.body));
  // Widest first, one at a time: while they are written a width not there yet finds no narrower one
  // either and gets the temporary redirect to the JPEG, never a narrower file cached as immutable.
  for (const v of [...variants].reverse())
    await ctx.blobs.put(`${mediaId}/${v.width}.webp`, v.data, { contentType: contentTypes.webp, cacheControl: immutable });
  const recorded = await changePublicContent(ctx.db, businessId, (tx) =>
    tx
      .update(media)
      .set({ variantWidths: variants.map((v) => v.width) })
      .where(and(slot, eq(media.status, 'ready')))
      .returning({ id: media.id }),
  );
  // deleted while the widths were being made: deleteMedia has already dropped the files it saw
  if (recorded.length === 0) await ctx.blobs.deletePrefix(`${mediaId}/`);
}

/** Recorded WebP widths of ready images, by id (what srcsets list); ids not given back have none. */
export async function readVariantWidths(ctx: Pick<AppContext, 'db'>, { ids }: { ids: string[] }): Promise<Record<string, number[]>> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()).filter(isUuid))];
  if (wanted.length === 0) return {};
  const rows = await ctx.db
    .select({ id: media.id, widths: media.variantWidths })
    .from(media)
    .where(and(inArray(media.id, wanted), eq(media.status, 'ready'), sql`cardinality(${media.variantWidths}) > 0`));
  return Object.fromEntries(rows.map((r) => [r.id, r.widths]));
}

// An upload's claim on its slot outlives the longest it can take (a wait for one of libuv's threads,
// then processing), so a lease only lapses when the node holding it died.
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
    if (row.status !== 'pending') throw AppError.conflict(serverTexts.uploadAlreadyDone);
    // Two PUTs of one slot: the second is refused at once instead of decoding the same bytes again.
    if (row.busy) throw AppError.conflict(serverTexts.uploadInProgress);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media-upload:${row.businessId}`}, 0))`);
    const [inFlight] = await tx
      .select({ n: count() })
      .from(media)
      .where(and(eq(media.businessId, row.businessId), gt(media.processingUntil, sql`now()`)));
    if ((inFlight?.n ?? 0) >= limits.uploadsInFlightPerOwner) {
      throw AppError.tooMany(serverTexts.uploadsInFlight(limits.uploadsInFlightPerOwner), retryAfterSeconds);
    }
    await tx
      .update(media)
      .set({ processingUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(eq(media.businessId, row.businessId), eq(media.id, mediaId)));
    return row.businessId;
  });
}

type UploadLink = { mediaId: string; exp: string; sig: string };

/**
 * Processes the bytes `read` gives for a slot claimed by `claimSlot`: validates the image, stores
 * what we serve and marks the slot ready. Refused or failed, the slot stays pending and usable and
 * no longer counts as in flight.
 */
async function processClaimed(
  ctx: AppContext,
  { businessId, mediaId }: { businessId: string; mediaId: string },
  read: () => Promise<Buffer>,
): Promise<UploadedImage> {
  const slot = and(eq(media.businessId, businessId), eq(media.id, mediaId));
  let image: UploadedJpeg;
  let bytes: number;
  try {
    const body = await read();
    bytes = body.length;
    image = await processUpload(body);
    await putJpeg(ctx, mediaId, image);
  } catch (e) {
    await ctx.db.update(media).set({ processingUntil: null }).where(slot);
    throw e;
  }
  const ready = { status: 'ready' as const, bytes, width: image.width, height: image.height, processingUntil: null, variantWidths: [] };
  const done = await markReady(ctx.db, { businessId, mediaId }, (tx) =>
    tx
      .update(media)
      .set(ready)
      .where(and(slot, eq(media.status, 'pending')))
      .returning({ id: media.id }),
  );
  if (!done) throw AppError.conflict(serverTexts.uploadAlreadyDone);
  return { _id: mediaId, url: mediaUrl(mediaId), width: image.width, height: image.height };
}

/** The signed PUT of SPEC §7 "File upload" to the app (local disk): validates, derives the variants, marks the slot ready. */
export async function acceptUpload(ctx: AppContext, { body, ...link }: UploadLink & { body: unknown }): Promise<UploadedImage> {
  if (!validSignature(ctx.config.secret, link.mediaId, link.exp, link.sig)) throw AppError.forbidden(serverTexts.uploadLinkInvalid);
  if (!Buffer.isBuffer(body) || body.length === 0) throw AppError.badRequest(serverTexts.uploadInvalid);
  const businessId = await claimSlot(ctx, link.mediaId);
  return processClaimed(ctx, { businessId, mediaId: link.mediaId }, async () => body);
}

/**
 * The signed `completeUrl` call after a direct PUT to S3 (decision 015): the app reads the original
 * back, validates it as it would an upload to itself, stores the variants and drops the original
 * (it may carry EXIF such as GPS). A refused image is dropped too; the slot stays pending and its
 * presigned PUT can be used again while it lasts.
 */
export async function completeUpload(ctx: AppContext, link: UploadLink): Promise<UploadedImage> {
  if (!validSignature(ctx.config.secret, link.mediaId, link.exp, link.sig)) throw AppError.forbidden(serverTexts.uploadLinkInvalid);
  const businessId = await claimSlot(ctx, link.mediaId);
  const key = originalKey(link.mediaId);
  try {
    return await processClaimed(ctx, { businessId, mediaId: link.mediaId }, async () => {
      const original = await ctx.blobs.get(key);
      if (!original) throw AppError.badRequest(serverTexts.uploadMissing);
      // A presigned PUT cannot bound the size, so the stored size is checked before reading it.
      if (original.size > limits.uploadMaxBytes) {
        original.body.destroy();
        throw AppError.tooLarge(serverTexts.uploadTooLarge);
      }
      const body = await buffer(original.body);
      if (body.length === 0) throw AppError.badRequest(serverTexts.uploadInvalid);
      return body;
    });
  } finally {
    await ctx.blobs.deletePrefix(key);
  }
}

/**
 * Stores image bytes directly (demo seeder, CLI, an import's ZIP): processed like an upload (its
 * widths a job), returns the media id. The row keeps the bytes' SHA-256 (`content_hash`); `id` is
 * for a caller that must write the same keys again when it retries (decision 062).
 */
export async function storeImage(
  ctx: Pick<AppContext, 'db' | 'blobs'>,
  {
    businessId,
    category,
    name,
    data,
    id = uuidv7(),
  }: { businessId: string; category: MediaCategory; name: string; data: Buffer; id?: string },
): Promise<string> {
  const image = await processUpload(data);
  await putJpeg(ctx, id, image);
  const { width, height } = image;
  const contentHash = createHash('sha256').update(data).digest('hex');
  const row = {
    businessId,
    id,
    category,
    status: 'ready' as const,
    originalName: name.slice(0, 500),
    contentHash,
    bytes: data.length,
    width,
    height,
  };
  await markReady(ctx.db, { businessId, mediaId: id }, (tx) => tx.insert(media).values(row).returning({ id: media.id }));
  return id;
}

/** Drops media rows of one business and their files. Call after the transaction that unlinked them. */
export async function deleteMedia(ctx: Pick<AppContext, 'db' | 'blobs'>, { businessId, ids }: { businessId: string; ids: string[] }) {
  if (ids.length === 0) return;
  const gone = await changePublicContent(ctx.db, businessId, (tx) =>
    tx
      .delete(media)
      .where(and(eq(media.businessId, businessId), inArray(media.id, ids)))
      .returning({ id: media.id }),
  );
  await Promise.all(gone.map((g) => ctx.blobs.deletePrefix(`${g.id}/`)));
  // a direct upload (S3) that was never completed left its original behind
  if (ctx.blobs.presignedPut) await Promise.all(gone.map((g) => ctx.blobs.deletePrefix(originalKey(g.id))));
}

/**
 * The first stored file for `GET /media/:mediaId/:file` that `read` finds; null for anything that
 * is not one of ours. A width that is not there yet (its `media:variants` job has not run, or
 * failed) falls back to the JPEG; one wider than the image (never made) to the widest there is.
 */
async function firstStored<T>(
  params: { mediaId: string; file: string },
  read: (key: string) => Promise<T | null>,
): Promise<{ key: string; fallback: boolean; found: T } | null> {
  const parsed = mediaFileParams.safeParse(params);
  if (!parsed.success) return null;
  const { mediaId, file } = parsed.data;
  const id = mediaId.toLowerCase();
  const wanted = /^(\d+)\.webp$/.exec(file);
  const narrower = wanted ? [...imageWidths].reverse().filter((w) => w < Number(wanted[1])) : [];
  const names = wanted ? [file, ...narrower.map((w) => `${w}.webp`), 'image.jpg'] : [file];
  for (const name of names) {
    const key = `${id}/${name}`;
    const found = await read(key);
    if (found !== null) return { key, fallback: wanted !== null && name === 'image.jpg', found };
  }
  return null;
}

type MediaFile = { body: Readable; size: number; contentType: string };

const asFile = ({ key, found }: { key: string; found: Omit<MediaFile, 'contentType'> }): MediaFile => ({
  ...found,
  contentType: key.endsWith('.webp') ? contentTypes.webp : contentTypes.jpg,
});

/** One stored file's bytes for `GET /media/:mediaId/:file`; null for anything that is not one of ours. */
export async function readMediaFile(ctx: Pick<AppContext, 'blobs'>, params: { mediaId: string; file: string }): Promise<MediaFile | null> {
  const hit = await firstStored(params, (key) => ctx.blobs.get(key));
  return hit ? asFile(hit) : null;
}

/**
 * What `GET /media/:mediaId/:file` answers: a width not made yet is a short-lived redirect to the
 * JPEG (`temporary`); with a public base for the store (S3_PUBLIC_URL, a CDN) every file is a
 * redirect there, so the bytes never pass through the app; otherwise the bytes.
 */
export async function serveMediaFile(
  ctx: Pick<AppContext, 'blobs'>,
  params: { mediaId: string; file: string },
): Promise<{ redirect: string; temporary: boolean } | MediaFile | null> {
  const { publicUrl } = ctx.blobs;
  if (!publicUrl) {
    const hit = await firstStored(params, (key) => ctx.blobs.get(key));
    if (!hit) return null;
    if (hit.fallback) {
      hit.found.body.destroy();
      return { redirect: `/media/${hit.key}`, temporary: true };
    }
    return asFile(hit);
  }
  const hit = await firstStored(params, async (key) => ((await ctx.blobs.exists(key)) ? publicUrl(key) : null));
  return hit ? { redirect: hit.found, temporary: hit.fallback } : null;
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
  if (!params.success) throw AppError.badRequest(serverTexts.proxyUrlInvalid);
  const file = await readMediaFile(ctx, params.data);
  if (!file) throw AppError.notFound();
  return file;
}
