import { buffer } from 'node:stream/consumers';
import { isUuid } from '@stashblog/contract/ids';
import { mediaKeyFromUrl } from '@stashblog/contract/paths';
import type { ImportRowProblems, ImportZip, PreviewImportBody, ProductImport } from '@stashblog/contract/product-transfer';
import { importLimits, importTexts, productFileColumns } from '@stashblog/contract/product-transfer-texts';
import { and, asc, desc, eq, getTableColumns, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../app-context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { productImports } from '../../db/schema/product-imports.ts';
import { products } from '../../db/schema/products.ts';
import { AppError } from '../../http/app-error.ts';
import { addJob } from '../../jobs/queue.ts';
import type { ProductRow } from '../products/product-view.ts';
import { readRows } from './product-file.ts';
import { checkRow, columnIndexes, type ImportedProduct, matchKey } from './product-rows.ts';
import { type ImportZipFiles, openImportZip } from './product-zip.ts';

// Bulk import (decision 059). Preview: the file is read and every row checked with the contract's
// product schema; only the import's own row is written (its valid rows and every row's problems).
// Start: the import is queued as a `products:import` job (product-import.jobs.ts) in the same
// transaction. Fetch: the owner's page polls it; one whose worker died is handed to a new job.

/** A valid row of the file as the import keeps it: the product, and its image urls as written. */
export type StoredRow = { row: number; product: ImportedProduct; images: string[] };

const { search: _search, ...productColumns } = getTableColumns(products);

/** The business's products the rows match (by item number, or without one by name), oldest first per key. */
export async function matchesFor(db: Database | Transaction, businessId: string, keys: { itemNo: string; productName: string }[]) {
  const itemNos = [...new Set(keys.filter((k) => k.itemNo).map((k) => k.itemNo))];
  const names = [...new Set(keys.filter((k) => !k.itemNo).map((k) => k.productName))];
  const found = new Map<string, ProductRow>();
  if (itemNos.length === 0 && names.length === 0) return found;
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        or(
          itemNos.length > 0 ? inArray(products.itemNo, itemNos) : undefined,
          names.length > 0 ? and(eq(products.itemNo, ''), inArray(products.productName, names)) : undefined,
        ),
      ),
    )
    .orderBy(asc(products.createdAt), asc(products.id));
  for (const r of rows) if (!found.has(matchKey(r))) found.set(matchKey(r), r);
  return found;
}

/** The keys of a matched product's images the row lists (urls or paths); null when one is not its own. */
export function ownImageKeys(urls: string[], match: ProductRow | undefined): { keys: string[]; unknown: string[] } {
  const keys: string[] = [];
  const unknown: string[] = [];
  for (const url of urls) {
    let path = url;
    try {
      if (/^https?:\/\//i.test(url)) path = new URL(url).pathname;
    } catch {}
    const key = mediaKeyFromUrl(path)?.toLowerCase();
    if (key && match?.images.includes(key)) {
      if (!keys.includes(key)) keys.push(key);
    } else unknown.push(url);
  }
  return { keys, unknown };
}

/** Where an import's ZIP of images waits in the blob store (never under a media id, so never served). */
export const importZipKey = (businessId: string, importId: string) => `imports/${businessId}/${importId}.zip`;

/** The import's ZIP, opened; null when it has none. */
export async function readImportZip(
  ctx: Pick<AppContext, 'blobs'>,
  imp: { businessId: string; id: string; zipBytes: number },
): Promise<ImportZipFiles | null> {
  if (imp.zipBytes === 0) return null;
  const stored = await ctx.blobs.get(importZipKey(imp.businessId, imp.id));
  if (!stored) throw new Error(`import ${imp.id}: its ZIP is not in the store`);
  return (await openImportZip(await buffer(stored.body))).files;
}

/** Drops the import's ZIP (done, failed): its images are stored as media by then, or never will be. */
export async function dropImportZip(ctx: Pick<AppContext, 'blobs'>, imp: { businessId: string; id: string; zipBytes: number }) {
  if (imp.zipBytes > 0) await ctx.blobs.deletePrefix(importZipKey(imp.businessId, imp.id));
}

function toImport(r: typeof productImports.$inferSelect): ProductImport {
  return {
    _id: r.id,
    fileName: r.fileName,
    zipName: r.zipName,
    state: r.state,
    total: r.total,
    valid: r.valid,
    done: r.done,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    failed: r.failed,
    problems: r.problems as ImportRowProblems[],
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * PUT uploadImportZip: the ZIP of images for an import yet to be previewed, as its raw body. Its
 * directory is checked (a ZIP, not too many files), its bytes kept in the blob store, and a draft
 * import holds it: previewImport with this id checks the file's rows against it (decision 062).
 */
export async function uploadImportZip(
  ctx: Pick<AppContext, 'db' | 'blobs'>,
  { businessId, fileName, body }: { businessId: string; fileName: string; body: unknown },
): Promise<{ zip: ImportZip }> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw AppError.badRequest(importTexts.zipUnreadable);
  const { entries } = await openImportZip(body);
  const id = uuidv7();
  await ctx.blobs.put(importZipKey(businessId, id), body, { contentType: 'application/zip' });
  await ctx.db.insert(productImports).values({ businessId, id, fileName: '', state: 'draft', zipName: fileName, zipBytes: body.length });
  return { zip: { _id: id, fileName, bytes: body.length, entries } };
}

/** The draft (or previewed, not started) import whose ZIP a preview names. */
async function zipImport(db: Database, businessId: string, zipId: string) {
  const found = await requireImport(db, businessId, zipId);
  if (found.zipBytes === 0 || (found.state !== 'draft' && found.state !== 'previewed')) throw AppError.conflict(importTexts.zipNotUsable);
  return found;
}

/** POST previewImport: every row checked, nothing of the business's products written. */
export async function previewImport(
  ctx: Pick<AppContext, 'db' | 'blobs'>,
  { businessId, input }: { businessId: string; input: PreviewImportBody },
): Promise<{ import: ProductImport }> {
  const holder = input.zipId ? await zipImport(ctx.db, businessId, input.zipId) : null;
  const zip = holder ? await readImportZip(ctx, holder) : null;
  const bytes = Buffer.from(input.content, 'base64');
  if (bytes.length > importLimits.maxFileBytes) throw AppError.tooLarge(importTexts.tooLarge);
  const { header, rows } = await readRows(bytes);
  const at = columnIndexes(header);
  if (at.productName < 0) throw AppError.badRequest(importTexts.missingColumn(productFileColumns.productName));
  if (rows.length === 0) throw AppError.badRequest(importTexts.noRows);
  if (rows.length > importLimits.maxRows) throw AppError.badRequest(importTexts.tooManyRows);

  const checked = rows.map((r) => ({ row: r.row, check: checkRow(r.cells, at) }));
  const valid = checked.flatMap((c) => (c.check.ok ? [c.check.product.input] : []));
  const existing = await matchesFor(ctx.db, businessId, valid);
  const firstRowOf = new Map<string, number>();
  const problems: ImportRowProblems[] = [];
  const stored: StoredRow[] = [];
  for (const { row, check } of checked) {
    if (!check.ok) {
      problems.push({ row, messages: check.messages });
      continue;
    }
    const { input } = check.product;
    const messages: string[] = [];
    const key = matchKey(input);
    const first = firstRowOf.get(key);
    if (first === undefined) firstRowOf.set(key, row);
    else messages.push(input.itemNo ? importTexts.repeatedItemNo(first) : importTexts.repeatedName(first));
    const images = check.product.hasImages ? input.images : [];
    for (const name of ownImageKeys(images, existing.get(key)).unknown) {
      const problem = zip?.has(name) ? await zip.problemOf(name) : importTexts.unknownImage(name);
      if (problem) messages.push(problem);
    }
    if (messages.length > 0) problems.push({ row, messages });
    else stored.push({ row, product: check.product, images });
  }
  const checkedFile = { fileName: input.fileName, rows: stored, total: rows.length, valid: stored.length, problems };
  const [written] = holder
    ? await ctx.db
        .update(productImports)
        .set({ ...checkedFile, state: 'previewed', updatedAt: new Date() })
        .where(
          and(
            eq(productImports.businessId, businessId),
            eq(productImports.id, holder.id),
            inArray(productImports.state, ['draft', 'previewed']),
          ),
        )
        .returning()
    : await ctx.db
        .insert(productImports)
        .values({ businessId, id: uuidv7(), ...checkedFile })
        .returning();
  // started by another tab while this file was being checked
  if (!written) throw AppError.conflict(importTexts.zipNotUsable);
  return { import: toImport(written) };
}

async function requireImport(db: Database | Transaction, businessId: string, id: string) {
  if (!isUuid(id)) throw AppError.notFound(importTexts.notFound);
  const [found] = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.businessId, businessId), eq(productImports.id, id.toLowerCase())));
  if (!found) throw AppError.notFound(importTexts.notFound);
  return found;
}

/** POST startImport: a previewed import is queued, its job added in the same transaction. */
export async function startImport(ctx: Pick<AppContext, 'db'>, { businessId, id }: { businessId: string; id: string }) {
  return ctx.db.transaction(async (tx) => {
    const found = await requireImport(tx, businessId, id);
    const [queued] = await tx
      .update(productImports)
      .set({ state: 'queued', updatedAt: new Date() })
      .where(and(eq(productImports.businessId, businessId), eq(productImports.id, found.id), eq(productImports.state, 'previewed')))
      .returning();
    if (!queued) throw AppError.conflict(importTexts.notStartable);
    await addJob(tx, 'products:import', { businessId, importId: found.id });
    return { import: toImport(queued) };
  });
}

/**
 * GET fetchImport: the import (or the latest one). A queued or running import nobody has moved for
 * `staleSeconds` (its node died holding the job, whose lock graphile-worker frees only after hours)
 * gets a new job; the import's row lock keeps two jobs from writing the same batch.
 */
export async function fetchImport(ctx: Pick<AppContext, 'db'>, { businessId, id }: { businessId: string; id: string }) {
  const found = id
    ? await requireImport(ctx.db, businessId, id)
    : (
        await ctx.db
          .select()
          .from(productImports)
          .where(and(eq(productImports.businessId, businessId), ne(productImports.state, 'draft')))
          .orderBy(desc(productImports.createdAt), desc(productImports.id))
          .limit(1)
      )[0];
  if (!found) return { import: null };
  if (found.state !== 'queued' && found.state !== 'running') return { import: toImport(found) };
  const revived = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(productImports)
      .set({ updatedAt: new Date() })
      .where(
        and(
          eq(productImports.businessId, businessId),
          eq(productImports.id, found.id),
          inArray(productImports.state, ['queued', 'running']),
          lt(productImports.updatedAt, sql`now() - make_interval(secs => ${importLimits.staleSeconds})`),
        ),
      )
      .returning();
    if (row) await addJob(tx, 'products:import', { businessId, importId: found.id });
    return row;
  });
  return { import: toImport(revived ?? found) };
}
