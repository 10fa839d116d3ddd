import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';

// The client files each public page loads first, from the web build's manifest (as bench/js-bytes.ts
// reads it), checked on the real build (`npm test` builds before it runs the tests): decision 016's
// speed trick, kept by decision 041 (+23.8 KB gzip on every public page without it). Fails when a
// public page's first files take zod or sonner in: a value imported from a contract schema module
// instead of its zod-free twin (sort-options, search-options, private-link-texts, forum-texts,
// anti-spam, spec-texts, limits, paths, ids, themes), or sonner outside ui/toasts.tsx. And the
// weights decision 048's client groups (speed/client-chunks.ts) give them: if Rolldown stops
// grouping, the product page is back to 29 files and 128.8 KB gzip.

const webBuild = path.resolve(import.meta.dirname, '../../build');
const serverFile = path.join(webBuild, 'server/index.js');

const pages: Record<string, string[]> = {
  home: ['root', 'store-layout', 'routes/store/home'],
  products: ['root', 'store-layout', 'routes/store/products'],
  product: ['root', 'store-layout', 'routes/store/product'],
  catalogues: ['root', 'store-layout', 'routes/store/catalogues'],
  catalogue: ['root', 'store-layout', 'routes/store/catalogue'],
  aboutus: ['root', 'store-layout', 'routes/store/about-us'],
  contactus: ['root', 'store-layout', 'routes/store/contact-us'],
  marketingHome: ['root', 'marketing-layout', 'domain-store-layout', 'domain-home'],
};

describe.skipIf(!existsSync(serverFile))('what a public page loads first (the web build)', () => {
  let files: Record<string, string[]>;
  beforeAll(async () => {
    const { assets } = (await import(/* @vite-ignore */ pathToFileURL(serverFile).href)) as ServerBuild;
    files = Object.fromEntries(
      Object.entries(pages).map(([page, chain]) => {
        const set = new Set([assets.entry.module, ...assets.entry.imports]);
        for (const id of chain) {
          const route = assets.routes[id];
          expect(route, `${id} is in the build`).toBeDefined();
          if (route?.module) set.add(route.module);
          for (const f of route?.imports ?? []) set.add(f);
        }
        return [page, [...set]];
      }),
    );
  }, 60_000);

  it('neither zod nor sonner', () => {
    for (const [page, list] of Object.entries(files)) {
      for (const file of list) {
        const code = readFileSync(path.join(webBuild, 'client', file), 'utf8');
        expect(code.includes('$ZodType'), `${page}: zod in ${file}`).toBe(false);
        expect(code.includes('data-sonner-toaster'), `${page}: sonner in ${file}`).toBe(false);
      }
    }
  });

  it('React Query only on the listings, which fetch as they render: the catalogue page fetches it when it first needs it (decision 051)', () => {
    const fetchers = new Set(['products', 'catalogues']);
    for (const [page, list] of Object.entries(files)) {
      const hasReactQuery = list.some((file) => readFileSync(path.join(webBuild, 'client', file), 'utf8').includes('No QueryClient set'));
      expect(hasReactQuery, `${page}: ${list.join(' ')}`).toBe(fetchers.has(page));
    }
  });

  it('few files, and the product page within 121 KB gzip and the catalogue page within 135 (decisions 048, 051, 066)', () => {
    const gzipKB = (list: string[]) =>
      list.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(webBuild, 'client', file))).length, 0) / 1024;
    expect(files.product.length, files.product.join(' ')).toBeLessThanOrEqual(6);
    for (const [page, list] of Object.entries(files)) expect(list.length, `${page}: ${list.join(' ')}`).toBeLessThanOrEqual(20);
    // 120.9 with the share button, the card URL made by the loader (decision 066)
    expect(gzipKB(files.product)).toBeLessThanOrEqual(121);
    expect(gzipKB(files.catalogue)).toBeLessThanOrEqual(135);
  });
});
