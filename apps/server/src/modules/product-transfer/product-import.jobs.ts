import type { ImportRowProblems } from '@stashblog/contract/product-transfer';
import { importLimits, importTexts } from '@stashblog/contract/product-transfer-texts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/client.ts';
import { productImports } from '../../db/schema/product-imports.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobRunner } from '../../jobs/queue.ts';
import type { ProductRow } from '../products/product-view.ts';
import { createProduct, toggleProductPromotion, toggleProductStatus, updateProduct } from '../products/products.service.ts';
import { matchesFor, ownImageKeys, type StoredRow } from './product-import.service.ts';
import { carriedInput, changesOf, matchKey } from './product-rows.ts';

// The `products:import` job (decision 059): the import's valid rows in file order, a batch of
// `batchRows` per transaction, each product through the products service (create, update, the
// visibility and promotion toggles) inside its own savepoint, and the import's counts moved in the
// same transaction. A node killed mid-batch loses the whole batch and nothing else: the next job
// starts at `done`, where every product before it is written whole. Rows match by item number, so
// a row already written reads as unchanged and is not written again.

type Outcome = 'created' | 'updated' | 'unchanged';
type Ctx = Pick<AppContext, 'db' | 'config' | 'blobs'>;

async function writeRow(ctx: Ctx, businessId: string, r: StoredRow, match: ProductRow | undefined): Promise<Outcome> {
  const p = r.product;
  const { keys, unknown } = ownImageKeys(r.images, match);
  if (unknown[0] !== undefined) throw AppError.badRequest(importTexts.unknownImage(unknown[0]));
  if (!match) {
    const created = await createProduct(ctx, { businessId, input: { ...p.input, images: [], isPublic: p.isPublic ?? false } });
    if (p.isPromoted) await toggleProductPromotion(ctx, { businessId, id: created.product._id });
    return 'created';
  }
  const changes = changesOf(match, p, p.hasImages ? keys : match.images);
  if (changes.fields) {
    const images = p.hasImages ? r.images : undefined;
    await updateProduct(ctx, { businessId, id: match.id, input: { ...carriedInput(p), images } });
  }
  if (changes.isPublic) await toggleProductStatus(ctx, { businessId, id: match.id });
  if (changes.isPromoted) await toggleProductPromotion(ctx, { businessId, id: match.id });
  return changes.fields || changes.isPublic || changes.isPromoted ? 'updated' : 'unchanged';
}

/** Writes the next batch; true when the import has nothing left to write. */
async function writeBatch(ctx: Ctx, businessId: string, importId: string, rows: StoredRow[]): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const where = and(eq(productImports.businessId, businessId), eq(productImports.id, importId));
    const [current] = await tx
      .select({ done: productImports.done, state: productImports.state })
      .from(productImports)
      .where(where)
      .for('update');
    if (!current || current.state === 'done' || current.state === 'failed' || current.state === 'previewed') return true;
    const batch = rows.slice(current.done, current.done + importLimits.batchRows);
    const matches = await matchesFor(
      tx,
      businessId,
      batch.map((r) => r.product.input),
    );
    const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
    const problems: ImportRowProblems[] = [];
    for (const r of batch) {
      try {
        // The services open their own transactions: on `tx` they are savepoints, so a refused row undoes only itself.
        const outcome = await tx.transaction((row) =>
          writeRow({ ...ctx, db: row as unknown as Database }, businessId, r, matches.get(matchKey(r.product.input))),
        );
        counts[outcome]++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        counts.failed++;
        problems.push({ row: r.row, messages: [err.message] });
      }
    }
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
}

export const importProducts: JobRunner<'products:import'> = async (ctx, { businessId, importId }, attempt) => {
  const [found] = await ctx.db
    .select({ rows: productImports.rows, state: productImports.state })
    .from(productImports)
    .where(and(eq(productImports.businessId, businessId), eq(productImports.id, importId)));
  if (!found || (found.state !== 'queued' && found.state !== 'running')) return;
  const rows = found.rows as StoredRow[];
  try {
    while (!(await writeBatch(ctx, businessId, importId, rows))) {}
  } catch (err) {
    ctx.log.warn({ businessId, importId, attempts: attempt.attempts, final: attempt.final, err: (err as Error).message }, 'import failed');
    if (attempt.final) {
      await ctx.db
        .update(productImports)
        .set({ state: 'failed', error: (err as Error).message, updatedAt: new Date() })
        .where(and(eq(productImports.businessId, businessId), eq(productImports.id, importId)));
    }
    throw err;
  }
};
