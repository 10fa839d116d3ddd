import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodePassword } from '@stashblog/contract/auth';
import { productFileColumns } from '@stashblog/contract/product-transfer-texts';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { loadWebBuild } from '../apps/server/src/http/ssr.ts';
import { runDueJobs } from '../apps/server/src/jobs/worker.ts';
import { createBusiness } from '../apps/server/src/modules/businesses/businesses.service.ts';
import { writeResult } from './result.ts';

// Bulk product import (issue 25, decision 059): a ROWS-row CSV (default 10,000; every field set)
// checked by previewImport and written by the products:import job, in this process, through the
// real routes and services. Figures: preview and import seconds, rows per second, and the growth of
// this process's resident set over the run (peak RSS sampled every 25 ms minus RSS before).
// Goal (issue 25): import under 60 s, growth under 150 MB. A second import of the same file
// (all rows unchanged) is timed too. Server: BENCH_DATABASE_URL (a PostgreSQL server URL; a scratch
// database is created and dropped) or, unset, an embedded PostgreSQL in a temp DATA_DIR.
const rows = Number(process.env.ROWS ?? 10_000);
const serverUrl = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'stash-import-bench-'));
const dbName = `import_bench_${process.pid}`;
let dbUrl: string | undefined;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
}

const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  LOG_LEVEL: 'silent',
  JOBS_WORKER: '0',
  ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
});
const database = await openDatabase(config, () => {});
// Loaded first (as main.ts does), so the ssr plugin starts within Fastify's 10 s on a busy machine.
await loadWebBuild({ config } as Parameters<typeof loadWebBuild>[0]);
const app = await buildApp({ config, db: database.db });
await app.ready();
const email = 'import-bench@example.test';
await createBusiness(app.ctx, { businessName: 'import-bench', name: 'Import Bench', email, password: 'bench-password-1' });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/user/logIn',
  payload: { email, password: encodePassword('bench-password-1') },
});
const authorization = login.json().payload.authorization as string;

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
const lines = [Object.values(productFileColumns).map(q).join(',')];
for (let i = 0; i < rows; i++) {
  lines.push(
    [
      `Hand-woven silk scarf ${i}`,
      `SKU-${i}`,
      ['Textiles', 'Decor', 'Kitchen', 'Lamps'][i % 4] as string,
      `silk\nscarf\nt${i % 50}`,
      String(250 + (i % 1000) + 0.5),
      String(i % 100),
      `A scarf woven by hand in Varanasi, number ${i}. Soft, light and warm; dry clean only.`,
      `Length 180 cm\nWidth 70 cm\nWeight ${100 + (i % 50)} g`,
      'Colours may vary slightly',
      `https://example.com/scarf/${i}`,
      i % 3 ? 'Public' : 'Private',
      i % 10 ? 'No' : 'Yes',
      '',
    ]
      .map(q)
      .join(','),
  );
}
const file = Buffer.from(`${lines.join('\r\n')}\r\n`);

async function timedImport() {
  const t0 = performance.now();
  const previewed = await app.inject({
    method: 'POST',
    url: '/api/userAdmin/products/previewImport',
    headers: { authorization },
    payload: { fileName: 'scarves.csv', content: file.toString('base64') },
  });
  if (previewed.statusCode !== 200) throw new Error(previewed.body);
  const id = previewed.json().payload.import._id as string;
  const t1 = performance.now();
  await app.inject({ method: 'POST', url: '/api/userAdmin/products/startImport', headers: { authorization }, payload: { id } });
  await runDueJobs(app.ctx);
  const t2 = performance.now();
  const done = await app.inject({ method: 'GET', url: '/api/userAdmin/products/fetchImport', headers: { authorization }, query: { id } });
  const imp = done.json().payload.import;
  return { previewSeconds: (t1 - t0) / 1000, importSeconds: (t2 - t1) / 1000, imp };
}

globalThis.gc?.();
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 25);
const first = await timedImport();
// The goal is the import's own growth; the unchanged second import adds what the first left on the heap.
const peakFirst = peak;
const second = await timedImport();
clearInterval(sampler);
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
const result = {
  rows,
  fileMB: mb(file.length),
  first: {
    previewSeconds: Math.round(first.previewSeconds * 10) / 10,
    importSeconds: Math.round(first.importSeconds * 10) / 10,
    rowsPerSecond: Math.round(rows / first.importSeconds),
    created: first.imp.created,
    state: first.imp.state,
    peakGrowthMB: mb(peakFirst - rssBefore),
  },
  sameFileAgain: {
    previewSeconds: Math.round(second.previewSeconds * 10) / 10,
    importSeconds: Math.round(second.importSeconds * 10) / 10,
    unchanged: second.imp.unchanged,
  },
  rssBeforeMB: mb(rssBefore),
  peakGrowthMB: mb(peak - rssBefore),
  goals: { importSeconds: '< 60', 'first.peakGrowthMB': '< 150' },
};
console.log(JSON.stringify(result, null, 2));
writeResult('import', result);

await app.close();
await database.close({ stopEmbedded: true });
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
rmSync(dataDir, { recursive: true, force: true });
