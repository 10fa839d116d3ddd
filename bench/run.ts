import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { wrkAvailable } from './load.ts';
import { resultsDir, writeResult } from './result.ts';

// `npm run bench`: every benchmark, one after another (they would disturb each other side by side),
// each writing bench/results/<name>.json; then bench/results/summary.json with the headline ratios.
// BENCH_ONLY=http,js-bytes runs a subset. See bench/README.md for how to read the figures.
const root = path.resolve(import.meta.dirname, '..');
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const benches = [
  { name: 'http', file: 'http.ts', results: ['list-api', 'ssr'] },
  { name: 'js-bytes', file: 'js-bytes.ts', results: ['js-bytes'] },
  { name: 'images', file: 'images.ts', results: ['images'] },
  { name: 'product-json', file: 'product-json.ts', results: ['product-json'] },
  // added by their own issues; run when present
  { name: 'search', file: 'search.ts', results: ['search'] },
  { name: 'search-plan', file: 'search-plan.ts', results: ['search-plan'] },
  { name: 'cross-shop', file: 'cross-shop.ts', results: ['cross-shop'] },
  { name: 'csv', file: 'csv.ts', results: ['csv'] },
  { name: 'insights', file: 'insights.ts', results: ['insights'] },
  { name: 'import', file: 'import.ts', results: ['import'] },
].filter((b) => (!only || only.includes(b.name)) && existsSync(path.join(import.meta.dirname, b.file)));

if (!existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
  console.log('no web build yet: running `npm run build` first');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
console.log(
  wrkAvailable()
    ? 'load generator: wrk'
    : 'load generator: the bench client in a child process (for wrk: `apt-get install -y wrk`, Debian package)',
);

const started = Date.now();
const failed: string[] = [];
for (const bench of benches) {
  console.log(`\n== ${bench.name} (bench/${bench.file})`);
  const stdout = await run(path.join(import.meta.dirname, bench.file));
  if (stdout === null) {
    failed.push(bench.name);
    continue;
  }
  // A benchmark that only prints its JSON (search, csv) gets it saved under its name.
  const file = path.join(resultsDir, `${bench.results[0]}.json`);
  if (!existsSync(file) || statSync(file).mtimeMs < started) {
    const json = lastJsonObject(stdout);
    if (json) writeResult(bench.results[0], json);
  }
}

const read = (name: string) => {
  const file = path.join(resultsDir, `${name}.json`);
  return existsSync(file) && statSync(file).mtimeMs >= started ? JSON.parse(readFileSync(file, 'utf8')) : null;
};
const list = read('list-api');
const ssr = read('ssr');
const js = read('js-bytes');
const images = read('images');
const productJson = read('product-json');
const crossShop = read('cross-shop');
const summary = {
  loadGenerator: wrkAvailable() ? 'wrk' : 'node child process',
  listApiRatioWarm: list?.ratio ?? null,
  listApiRatioUncached: list?.uncachedRatio ?? null,
  listApiRps: list ? { app: list.warm.app.rps, uncached: list.uncached.app.rps, bare: list.warm.bare.rps } : null,
  ssrRatio: ssr?.ratio ?? null,
  ssrRps: ssr ? { app: ssr.app.rps, bare: ssr.bare.rps } : null,
  ssrAt50: ssr?.at50Connections ?? null,
  jsGzipKB: js ? Object.fromEntries(Object.entries(js.pages as Record<string, { gzipKB: number }>).map(([k, v]) => [k, v.gzipKB])) : null,
  imageRatio: images?.ratio ?? null,
  webpVsJpeg: images?.webpVsJpeg ?? null,
  productJsonGain: productJson?.median ?? null,
  search: read('search')?.results ?? null,
  searchPlan: read('search-plan')?.results.every((r: { ok: boolean }) => r.ok) ?? null,
  crossShop: crossShop
    ? { worstDirectoryP95: crossShop.worstDirectoryP95, showcasesAt4Connections: crossShop.showcasesAt4Connections }
    : null,
  csv: read('csv') ?? null,
  insights: read('insights') ?? null,
  import: read('import') ?? null,
  failed,
  goals: {
    listApiRatioWarm: '>= 0.5',
    listApiRatioUncached: '>= 0.15',
    ssrRatio: '>= 0.4',
    ssrP99At50: '< 100 ms',
    productPageJs: '<= 121 KB gzip (catalogue <= 158)',
    imageRatio: '>= 0.5',
    crossShop: 'directory p95 <= 50 ms; /showcases >= 100 requests/s at 4 connections',
    webpVsJpeg: '<= 0.75',
    productJsonGain: 'rpsGain and cpuGain >= 0.2 keep product_json (decision 042)',
  },
};
writeFileSync(path.join(resultsDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(`\n== summary (bench/results/summary.json)\n${JSON.stringify(summary, null, 2)}`);
if (failed.length) process.exit(1);

function run(file: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('exit', (code) => resolve(code === 0 ? out : null));
  });
}

function lastJsonObject(text: string): Record<string, unknown> | null {
  for (let start = text.lastIndexOf('\n{'); start >= -1; start = text.lastIndexOf('\n{', start - 1)) {
    try {
      return JSON.parse(text.slice(start + 1));
    } catch {
      if (start <= 0) break;
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
