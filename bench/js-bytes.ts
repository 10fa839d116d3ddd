import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { writeResult } from './result.ts';

// JavaScript a browser downloads for each public page, read from the build manifest (React Router's
// `assets` in build/server/index.js): the client entry, and for every route of the page's match chain
// its module and the chunks it imports (all modulepreloaded on first load). The route manifest file
// counts only with `routeDiscovery: initial`; with `lazy` (the default) the page inlines the matched
// routes' part in its HTML and never fetches the file. Chunks fetched later by dynamic import (the
// query form, sonner with the first toast, zod when a form is used) are not first-load bytes.
// Bytes are summed per unique file, raw and gzip (zlib level 6). Goal: product page <= 121 KB gzip,
// catalogue <= 158 (decision 048).
// `zod` / `sonner` tell whether either library is among those files (decision 016: public pages ship
// neither up front); `reactQuery` whether React Query is (decision 023: only pages that fetch on the client).
const webBuild = path.resolve(import.meta.dirname, '../apps/web/build');
const serverFile = path.join(webBuild, 'server/index.js');
if (!existsSync(serverFile)) throw new Error('no web build: run `npm run build` first');
const build = (await import(pathToFileURL(serverFile).href)) as ServerBuild;
const { assets } = build;
const manifestFetched = build.routeDiscovery?.mode === 'initial';

const pages: Record<string, string[]> = {
  home: ['root', 'store-layout', 'routes/store/home'],
  products: ['root', 'store-layout', 'routes/store/products'],
  product: ['root', 'store-layout', 'routes/store/product'],
  catalogues: ['root', 'store-layout', 'routes/store/catalogues'],
  catalogue: ['root', 'store-layout', 'routes/store/catalogue'],
  aboutus: ['root', 'store-layout', 'routes/store/about-us'],
  contactus: ['root', 'store-layout', 'routes/store/contact-us'],
  // The marketing site's `/home` on our own host (routes.ts: inside the marketing layout).
  marketingHome: ['root', 'marketing-layout', 'domain-store-layout', 'domain-home'],
};

// Strings that survive minification: zod's class names, sonner's toaster attribute, React Query's
// missing-provider error.
const markers = { zod: '$ZodType', sonner: 'data-sonner-toaster', reactQuery: 'No QueryClient set' };

const sizes = new Map<string, { raw: number; gzip: number; libs: string[] }>();
function size(url: string) {
  let s = sizes.get(url);
  if (!s) {
    const data = readFileSync(path.join(webBuild, 'client', url));
    const text = data.toString('utf8');
    const libs = Object.entries(markers)
      .filter(([, marker]) => text.includes(marker))
      .map(([lib]) => lib);
    s = { raw: data.length, gzip: gzipSync(data).length, libs };
    sizes.set(url, s);
  }
  return s;
}

const kb = (n: number) => +(n / 1024).toFixed(1);
type PageResult = {
  files: number;
  rawKB: number;
  gzipKB: number;
  zod: boolean;
  sonner: boolean;
  reactQuery: boolean;
  largest: { file: string; gzipKB: number }[];
};
const result: Record<string, PageResult> = {};
for (const [page, chain] of Object.entries(pages)) {
  const files = new Set<string>([assets.entry.module, ...assets.entry.imports]);
  if (manifestFetched) files.add(assets.url);
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
  const libs = new Set([...files].flatMap((f) => size(f).libs));
  result[page] = {
    files: files.size,
    rawKB: kb(raw),
    gzipKB: kb(gzip),
    zod: libs.has('zod'),
    sonner: libs.has('sonner'),
    reactQuery: libs.has('reactQuery'),
    largest,
  };
}

writeResult('js-bytes', {
  benchmark: 'JavaScript per public page from the build manifest (gzip)',
  pages: result,
  productGzipKB: result.product.gzipKB,
  routeManifestFetched: manifestFetched,
  goal: 'product page <= 130 KB gzip',
});
