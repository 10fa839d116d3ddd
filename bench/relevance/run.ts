import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SearchQuery } from '@stashblog/contract/search';
import MiniSearch from 'minisearch';
import { openBlobStore } from '../../apps/server/src/blobs/open-blob-store.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDatabase, withDatabase } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { createBusiness } from '../../apps/server/src/modules/businesses/businesses.service.ts';
import { createProduct, toggleProductStatus } from '../../apps/server/src/modules/products/products.service.ts';
import { searchItems } from '../../apps/server/src/modules/search/search.service.ts';
import { searchPlanSteeringOn } from '../../apps/server/src/modules/search/search-steering.ts';
import { type Product, products, shops } from './catalogue.ts';
import { mean, ndcgAt, precisionAt, recallAt, reciprocalRank } from './metrics.ts';
import { type Group, queries } from './queries.ts';

// `npm run bench:relevance`: our search (searchItems, the function behind GET public/user/search, 'Relevance', products)
// and MiniSearch (fuzzy 0.2, prefix on, same fields) over the catalogue in catalogue.ts, seeded through the owner
// services into an embedded PostgreSQL; the judged queries in queries.ts. Prints nDCG@10, recall@15, precision@5
// and MRR per engine, overall and per query group. Not part of `npm test`.

const names = new Set(products.map((p) => p.productName));
if (names.size !== products.length) throw new Error('product names must be unique (the judgments refer to them)');
for (const q of queries)
  for (const name of q.grades.keys()) if (!names.has(name)) throw new Error(`'${q.text}' judges unknown product '${name}'`);

const dataDir = mkdtempSync(path.join(tmpdir(), 'stash-relevance-'));
const handle = await startEmbeddedPostgres(dataDir, { log: () => {} });
const { db, pool } = createDatabase(withDatabase(handle.url, 'postgres'));
try {
  await runMigrations(db);
  const config = loadConfig({ DATA_DIR: dataDir, SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', JOBS_WORKER: '0' });
  const ctx = { db, config, blobs: await openBlobStore(config.blobStore), searchPlanSteering: await searchPlanSteeringOn(db, true) };
  for (const shop of shops) {
    const { id: businessId } = await createBusiness(ctx, {
      businessName: shop.businessName,
      name: `Owner of ${shop.businessName}`,
      email: `${shop.businessName}@example.test`,
      password: 'correct-horse-1',
    });
    for (const p of products.filter((x) => x.businessName === shop.businessName)) {
      const { product } = await createProduct(ctx, {
        businessId,
        input: { productName: p.productName, category: p.category, tags: p.tags, description: p.description },
      });
      await toggleProductStatus(ctx, { businessId, id: product._id });
    }
  }

  const mini = new MiniSearch<Product & { id: number }>({
    fields: ['productName', 'category', 'tagText', 'description'],
    storeFields: ['productName', 'businessName'],
    extractField: (doc, field) => (field === 'tagText' ? doc.tags.join(' ') : String((doc as Record<string, unknown>)[field] ?? '')),
    searchOptions: { fuzzy: 0.2, prefix: true },
  });
  mini.addAll(products.map((p, id) => ({ ...p, id })));

  const ours = async (text: string, shop: string | null) => {
    const query: SearchQuery = {
      searchQuery: text,
      filter: 'Products',
      sort: 'Relevance',
      pageNo: 1,
      perPage: 15,
      ...(shop ? { businessName: shop } : {}),
    } as SearchQuery;
    const page = await searchItems(ctx, query);
    return page.searchedData.map((d) => (d.type === 'product' ? (d.productName ?? '') : ''));
  };
  const theirs = (text: string, shop: string | null) =>
    mini
      .search(text, shop ? { filter: (r) => r.businessName === shop } : {})
      .slice(0, 15)
      .map((r) => String(r.productName));

  type Row = { group: Group; ndcg: number; recall: number; precision: number; mrr: number };
  const rows: Record<'StashBlog' | 'MiniSearch', Row[]> = { StashBlog: [], MiniSearch: [] };
  for (const q of queries) {
    const results = { StashBlog: await ours(q.text, q.shop), MiniSearch: theirs(q.text, q.shop) };
    for (const engine of ['StashBlog', 'MiniSearch'] as const) {
      const ranked = results[engine];
      rows[engine].push({
        group: q.group,
        ndcg: ndcgAt(10, ranked, q.grades),
        recall: recallAt(15, ranked, q.grades),
        precision: precisionAt(5, ranked, q.grades),
        mrr: reciprocalRank(ranked, q.grades),
      });
    }
    if (process.env.RELEVANCE_VERBOSE)
      console.log(
        `${q.text} [${q.shop ?? 'all'}]\n  ours:  ${results.StashBlog.slice(0, 8).join(', ')}\n  mini:  ${results.MiniSearch.slice(0, 8).join(', ')}`,
      );
  }

  const fmt = (x: number) => x.toFixed(3);
  console.log(`${products.length} products in ${shops.length} shops, ${queries.length} judged queries\n`);
  const groups: (Group | 'all')[] = ['all', 'one-word', 'two-word', 'hinglish', 'misspelling'];
  console.log(`| group (queries) | metric | StashBlog | MiniSearch |\n| --- | --- | --- | --- |`);
  for (const g of groups) {
    const of = (engine: 'StashBlog' | 'MiniSearch') => rows[engine].filter((r) => g === 'all' || r.group === g);
    for (const [metric, key] of [
      ['nDCG@10', 'ndcg'],
      ['recall@15', 'recall'],
      ['precision@5', 'precision'],
      ['MRR', 'mrr'],
    ] as const)
      console.log(
        `| ${g} (${of('StashBlog').length}) | ${metric} | ${fmt(mean(of('StashBlog').map((r) => r[key])))} | ${fmt(mean(of('MiniSearch').map((r) => r[key])))} |`,
      );
  }
} finally {
  await pool.end();
  await handle.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
