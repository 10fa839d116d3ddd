import type { ImportRowProblems } from '@stashblog/contract/product-transfer';
import { importLimits, importTexts } from '@stashblog/contract/product-transfer-texts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/client.ts';
import { productImports } from '../../db/schema/product-imports.ts';
import type { JobRunner } from '../../jobs/queue.ts';
import type { ProductRow } from '../products/product-view.ts';
import { type ProductWrite, writeProducts } from '../products/products.service.ts';
import { matchesFor, ownImageKeys, type StoredRow } from './product-import.service.ts';
import { carriedInput, changesOf, matchKey } from './product-rows.ts';

// The `products:import` job (decision 059, written in batches since 063): the import's valid rows
// in file order, a batch of `batchRows` per transaction, written by the products service's
// writeProducts (the rules of create, update and the visibility and promotion toggles; a row they
// refuse is reported and nothing of it written), and the import's counts moved in the same
// transaction. A node killed mid-batch loses the whole batch and nothing else: the next job starts
// at `done`, where every product before it is written whole. Rows match by item number, so a row
// already written reads as unchanged and is not written again.

type Outcome = 'created' | 'updated';
type Ctx = Pick<AppContext, 'db' | 'config' | 'blobs'>;

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
    const writes: { r: StoredRow; write: ProductWrite; outcome: Outcome }[] = [];
    for (const r of batch) {
      const plan = planRow(r, matches.get(matchKey(r.product.input)));
      if (plan === 'unchanged') counts.unchanged++;
      else if ('problem' in plan) problems.push({ row: r.row, messages: [plan.problem] });
      else writes.push({ r, ...plan });
    }
    const written = await writeProducts({ ...ctx, db: tx as unknown as Database }, { businessId, writes: writes.map((w) => w.write) });
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
