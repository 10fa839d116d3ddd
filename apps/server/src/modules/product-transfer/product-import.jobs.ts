import { createHash } from 'node:crypto';
import { mediaKeyFromUrl, mediaUrl } from '@stashblog/contract/paths';
import type { ImportRowProblems } from '@stashblog/contract/product-transfer';
import { importLimits, importTexts } from '@stashblog/contract/product-transfer-texts';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema/media.ts';
import { productImports } from '../../db/schema/product-imports.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobRunner } from '../../jobs/queue.ts';
import { deleteMedia, storeImage } from '../media/media.service.ts';
import type { ProductRow } from '../products/product-view.ts';
import {
  createProduct,
  type ProductWrite,
  toggleProductPromotion,
  toggleProductStatus,
  updateProduct,
  writeProducts,
} from '../products/products.service.ts';
import { dropImportZip, matchesFor, ownImageKeys, readImportZip, type StoredRow } from './product-import.service.ts';
import { carriedInput, changesOf, matchKey } from './product-rows.ts';
import { type ImportZipFiles, zipNameOf } from './product-zip.ts';

// The `products:import` job (decision 059, written in batches since 063): the import's valid rows
// in file order, a batch of `batchRows` per transaction, written by the products service's
// writeProducts (the rules of create, update and the visibility and promotion toggles; a row they
// refuse is reported and nothing of it written), and the import's counts moved in the same
// transaction. A node killed mid-batch loses the whole batch and nothing else: the next job starts
// at `done`, where every product before it is written whole. Rows match by item number, so a row
// already written reads as unchanged and is not written again.

type Outcome = 'created' | 'updated';
type Ctx = Pick<AppContext, 'db' | 'config' | 'blobs'>;
/** The import's ZIP of images, if it has one (decision 062). */
type Zip = { importId: string; files: ImportZipFiles | null };

/** What writing a row would do: nothing (unchanged), a refusal, or a write for writeProducts. */
function planRow(
  r: StoredRow,
  match: ProductRow | undefined,
): 'unchanged' | { problem: string } | { write: ProductWrite; outcome: Outcome } {
  const p = r.product;
  const { keys, unknown } = ownImageKeys(r.images, match);
  if (unknown[0] !== undefined) return { problem: importTexts.unknownImage(unknown[0]) };
  if (!match) {
    const input = { ...p.input, images: [], isPublic: p.isPublic ?? false };
    return { write: { input, isPromoted: p.isPromoted ?? false }, outcome: 'created' };
  }
  const changes = changesOf(match, p, p.hasImages ? keys : match.images);
  if (!changes.fields && !changes.isPublic && !changes.isPromoted) return 'unchanged';
  const input = changes.fields ? { ...carriedInput(p), images: p.hasImages ? r.images : undefined } : undefined;
  return { write: { id: match.id, input, isPublic: p.isPublic, isPromoted: p.isPromoted }, outcome: 'updated' };
}

/**
 * The media id an image of the ZIP gets on one row: the same on every try of the row, so a batch
 * rolled back by a crash and tried again overwrites the files the first try stored instead of
 * leaving them behind (its media row went with the rollback). A UUID in form, not a time-ordered one.
 */
function zipMediaId(importId: string, row: number, name: string): string {
  const h = createHash('sha256').update(`${importId}:${row}:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((Number.parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/**
 * The keys of the row's images in its order: a product's own image, or a file of the ZIP. A ZIP file
 * already attached to the matched product (same file name and SHA-256) is that image again, so the
 * same file and ZIP twice add nothing; any other is stored through the media service (its widths a
 * job) in the row's savepoint. `stored`: the ids stored now.
 */
async function rowImages(ctx: Ctx, businessId: string, r: StoredRow, match: ProductRow | undefined, zip: Zip) {
  const { unknown } = ownImageKeys(r.images, match);
  const attached =
    match && unknown.length > 0
      ? await ctx.db
          .select({ id: media.id, name: media.originalName, hash: media.contentHash })
          .from(media)
          .where(and(eq(media.businessId, businessId), inArray(media.id, match.images)))
      : [];
  const keys: string[] = [];
  const stored: string[] = [];
  for (const entry of r.images) {
    let key: string | undefined = ownImageKeys([entry], match).keys[0];
    if (!key) {
      const read = zip.files ? await zip.files.read(entry) : { ok: false as const, message: importTexts.unknownImage(entry) };
      if (!read.ok) throw AppError.badRequest(read.message);
      const { name, data, hash } = read.image;
      key = attached.find((a) => zipNameOf(a.name) === zipNameOf(name) && a.hash === hash)?.id;
      if (!key) {
        const id = zipMediaId(zip.importId, r.row, zipNameOf(name));
        key = await storeImage(ctx, { businessId, category: 'products', name, data, id });
        stored.push(key);
      }
    }
    if (!keys.includes(key)) keys.push(key);
  }
  return { keys, stored };
}

/**
 * A row that names files of the ZIP: its images stored and the row written through the single-product
 * calls in its own savepoint (decision 062); every other row goes through writeProducts (063).
 */
async function writeRow(
  ctx: Ctx,
  businessId: string,
  r: StoredRow,
  match: ProductRow | undefined,
  zip: Zip,
  removedMedia: string[],
): Promise<Outcome | 'unchanged'> {
  const p = r.product;
  const { keys, stored } = await rowImages(ctx, businessId, r, match, zip);
  const images = p.hasImages ? keys.map(mediaUrl) : undefined;
  if (!match) {
    const created = await createProduct(ctx, { businessId, input: { ...p.input, images: [], isPublic: p.isPublic ?? false } });
    const id = created.product._id;
    if (stored.length > 0) await updateProduct(ctx, { businessId, id, input: { ...p.input, images }, attached: stored, removedMedia });
    if (p.isPromoted) await toggleProductPromotion(ctx, { businessId, id });
    return 'created';
  }
  const changes = changesOf(match, p, p.hasImages ? keys : match.images);
  if (changes.fields) {
    await updateProduct(ctx, { businessId, id: match.id, input: { ...carriedInput(p), images }, attached: stored, removedMedia });
  }
  if (changes.isPublic) await toggleProductStatus(ctx, { businessId, id: match.id });
  if (changes.isPromoted) await toggleProductPromotion(ctx, { businessId, id: match.id });
  return changes.fields || changes.isPublic || changes.isPromoted ? 'updated' : 'unchanged';
}

/** How many rows from `from` the next batch writes: `batchRows`, fewer when they name more than `zipBatchImages` new files. */
function batchLength(rows: StoredRow[], from: number): number {
  let images = 0;
  let n = 0;
  for (const r of rows.slice(from, from + importLimits.batchRows)) {
    images += r.images.filter((entry) => !mediaKeyFromUrl(entry.replace(/^https?:\/\/[^/]+/i, ''))).length;
    if (n > 0 && images > importLimits.zipBatchImages) break;
    n++;
  }
  return n;
}

/**
 * Writes the next batch; true when the import has nothing left to write. The images its rows drop
 * are deleted with their files only once the batch has committed: a batch rolled back (a crash, a
 * database error) leaves its products pointing at files that are still there.
 */
async function writeBatch(ctx: Ctx, businessId: string, importId: string, rows: StoredRow[], zip: Zip): Promise<boolean> {
  const removed: string[] = [];
  const finished = await ctx.db.transaction(async (tx) => {
    const where = and(eq(productImports.businessId, businessId), eq(productImports.id, importId));
    const [current] = await tx
      .select({ done: productImports.done, state: productImports.state })
      .from(productImports)
      .where(where)
      .for('update');
    if (!current || current.state === 'done' || current.state === 'failed' || current.state === 'previewed') return true;
    const batch = rows.slice(current.done, current.done + batchLength(rows, current.done));
    const matches = await matchesFor(
      tx,
      businessId,
      batch.map((r) => r.product.input),
    );
    const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
    const problems: ImportRowProblems[] = [];
    const writes: { r: StoredRow; write: ProductWrite; outcome: Outcome }[] = [];
    for (const r of batch) {
      const match = matches.get(matchKey(r.product.input));
      if (zip.files && ownImageKeys(r.images, match).unknown.length > 0) {
        try {
          // The services open their own transactions: on `tx` they are savepoints, so a refused row undoes only itself.
          const rowRemoved: string[] = [];
          const outcome = await tx.transaction((row) =>
            writeRow({ ...ctx, db: row as unknown as Database }, businessId, r, match, zip, rowRemoved),
          );
          // only a row whose savepoint stood: a refused one kept its images
          removed.push(...rowRemoved);
          counts[outcome]++;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          problems.push({ row: r.row, messages: [err.message] });
        }
        continue;
      }
      const plan = planRow(r, match);
      if (plan === 'unchanged') counts.unchanged++;
      else if ('problem' in plan) problems.push({ row: r.row, messages: [plan.problem] });
      else writes.push({ r, ...plan });
    }
    const written = await writeProducts(
      { ...ctx, db: tx as unknown as Database },
      { businessId, writes: writes.map((w) => w.write), removedMedia: removed },
    );
    written.forEach((result, i) => {
      const w = writes[i] as (typeof writes)[number];
      if (result.ok) counts[w.outcome]++;
      else problems.push({ row: w.r.row, messages: [result.message] });
    });
    problems.sort((a, b) => a.row - b.row);
    counts.failed = problems.length;
    const finished = current.done + batch.length >= rows.length;
    await tx
      .update(productImports)
      .set({
        state: finished ? 'done' : 'running',
        done: sql`${productImports.done} + ${batch.length}`,
        created: sql`${productImports.created} + ${counts.created}`,
        updated: sql`${productImports.updated} + ${counts.updated}`,
        unchanged: sql`${productImports.unchanged} + ${counts.unchanged}`,
        failed: sql`${productImports.failed} + ${counts.failed}`,
        problems: sql`${productImports.problems} || ${JSON.stringify(problems)}::jsonb`,
        updatedAt: new Date(),
      })
      .where(where);
    return finished;
  });
  await deleteMedia(ctx, { businessId, ids: removed });
  return finished;
}

export const importProducts: JobRunner<'products:import'> = async (ctx, { businessId, importId }, attempt) => {
  const [found] = await ctx.db
    .select({ rows: productImports.rows, state: productImports.state, zipBytes: productImports.zipBytes })
    .from(productImports)
    .where(and(eq(productImports.businessId, businessId), eq(productImports.id, importId)));
  if (!found || (found.state !== 'queued' && found.state !== 'running')) return;
  const rows = found.rows as StoredRow[];
  const imp = { businessId, id: importId, zipBytes: found.zipBytes };
  try {
    const zip = { importId, files: await readImportZip(ctx, imp) };
    while (!(await writeBatch(ctx, businessId, importId, rows, zip))) {}
    await dropImportZip(ctx, imp);
  } catch (err) {
    ctx.log.warn({ businessId, importId, attempts: attempt.attempts, final: attempt.final, err: (err as Error).message }, 'import failed');
    if (attempt.final) {
      await ctx.db
        .update(productImports)
        .set({ state: 'failed', error: (err as Error).message, updatedAt: new Date() })
        .where(and(eq(productImports.businessId, businessId), eq(productImports.id, importId)));
      await dropImportZip(ctx, imp);
    }
    throw err;
  }
};

/**
 * The hourly `products:sweep-import-zips` job (decision 062): an import with a ZIP still a draft or
 * previewed `zipKeepHours` after it was last touched was left by its owner; it and its ZIP go (a
 * start racing this finds the import gone, or keeps it by having moved it on first).
 */
export const sweepImportZips: JobRunner<'products:sweep-import-zips'> = async (ctx) => {
  const left = await ctx.db
    .delete(productImports)
    .where(
      and(
        inArray(productImports.state, ['draft', 'previewed']),
        gt(productImports.zipBytes, 0),
        lt(productImports.updatedAt, sql`now() - make_interval(hours => ${importLimits.zipKeepHours})`),
      ),
    )
    .returning({ businessId: productImports.businessId, id: productImports.id, zipBytes: productImports.zipBytes });
  for (const imp of left) await dropImportZip(ctx, imp);
};
