import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { writeResult } from './result.ts';

// JavaScript a browser downloads for each public page, read from the build manifest (React Router's
// `assets` in build/server/index.js): the client entry, the route manifest, and for every route of
// the page's match chain its module and the chunks it imports (all modulepreloaded on first load).
// Bytes are summed per unique file, raw and gzip (zlib level 6). Goal: product page <= 130 KB gzip.
const webBuild = path.resolve(import.meta.dirname, '../apps/web/build');
const serverFile = path.join(webBuild, 'server/index.js');
if (!existsSync(serverFile)) throw new Error('no web build: run `npm run build` first');
const build = (await import(pathToFileURL(serverFile).href)) as ServerBuild;
const { assets } = build;

const pages: Record<string, string[]> = {
  home: ['root', 'store-layout', 'routes/store/home'],
  products: ['root', 'store-layout', 'routes/store/products'],
  product: ['root', 'store-layout', 'routes/store/product'],
  catalogues: ['root', 'store-layout', 'routes/store/catalogues'],
  catalogue: ['root', 'store-layout', 'routes/store/catalogue'],
  aboutus: ['root', 'store-layout', 'routes/store/about-us'],
  contactus: ['root', 'store-layout', 'routes/store/contact-us'],
};

const sizes = new Map<string, { raw: number; gzip: number }>();
function size(url: string) {
  let s = sizes.get(url);
  if (!s) {
    const data = readFileSync(path.join(webBuild, 'client', url));
    s = { raw: data.length, gzip: gzipSync(data).length };
    sizes.set(url, s);
  }
  return s;
}

const kb = (n: number) => +(n / 1024).toFixed(1);
const result: Record<string, { files: number; rawKB: number; gzipKB: number; largest: { file: string; gzipKB: number }[] }> = {};
for (const [page, chain] of Object.entries(pages)) {
  const files = new Set<string>([assets.url, assets.entry.module, ...assets.entry.imports]);
  for (const id of chain) {
    const route = assets.routes[id];
    if (!route) throw new Error(`route ${id} is not in the build manifest`);
    if (route.module) files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    raw += size(f).raw;
    gzip += size(f).gzip;
  }
  const largest = [...files]
    .map((file) => ({ file: path.basename(file), gzipKB: kb(size(file).gzip) }))
    .sort((a, b) => b.gzipKB - a.gzipKB)
    .slice(0, 5);
  result[page] = { files: files.size, rawKB: kb(raw), gzipKB: kb(gzip), largest };
}

writeResult('js-bytes', {
  benchmark: 'JavaScript per public page from the build manifest (gzip)',
  pages: result,
  productGzipKB: result.product.gzipKB,
  goal: 'product page <= 130 KB gzip',
});
