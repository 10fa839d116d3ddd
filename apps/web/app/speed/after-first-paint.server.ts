import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { EntryContext } from 'react-router';
import { moduleAfterPaint, preloadAfterPaint } from './after-first-paint';

// Speed trick (issue 21, decisions 041 and 048; first 027): a storefront or marketing page paints
// before it fetches its scripts. It rewrites React Router's HTML stream, so it assumes how React
// Router 7.18's <Scripts> writes its tags (`<link rel="modulepreload"` and one inline
// `type="module" async=""` script, as below) and that React hydrates from the restored script. If
// React Router writes them otherwise, the page loads its scripts with the document again (nothing
// breaks, the gain goes): e2e/storefront.spec.ts "a storefront page paints before it fetches any
// script, then hydrates" and e2e/marketing.spec.ts "a marketing page paints before it fetches any
// script…" fail, and after-first-paint.server.test.ts shows the tags this expects.

// React Router's <Scripts> writes these two kinds of tags; React escapes '<' in text and attributes
// and React Router in its inline data, so neither can come from content. The inline module script
// is the only one with `async` (React Router's; ours have none).
const modulePreload = /<link rel="modulepreload"/g;
const moduleScript = /(<script\b[^<>]*?) type="module" async=""/g;

/**
 * The HTML stream with React Router's modulepreload links and inline module script made inert, for
 * ScriptsAfterFirstPaint (after-first-paint.tsx) to bring back once the page has painted. A tag cut
 * between two chunks is held back until its end arrives.
 */
export function scriptsAfterFirstPaint(): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  const rewrite = (html: string) =>
    html.replace(modulePreload, `<link rel="${preloadAfterPaint}"`).replace(moduleScript, `$1 type="text/plain" ${moduleAfterPaint}=""`);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      const open = text.lastIndexOf('<');
      const cut = open > text.lastIndexOf('>') ? open : text.length;
      held = text.slice(cut);
      callback(null, rewrite(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end()));
    },
  });
}

// The pages visitors read: the storefront's (routes.ts ids, on our host and a custom domain) and the
// marketing site's. Search, contact, private-link, support and get-started pages are typed into, and
// text typed before hydration would be lost.
const readingPages = ['home', 'products', 'product', 'catalogues', 'catalogue', 'about-us'];
const readingRoutes = new Set(readingPages.flatMap((page) => [`routes/store/${page}`, `domain-${page}`]));
const marketingPages = ['about-us', 'faq', 'pricing', 'privacy-policy', 'showcases', 'terms', 'not-found'];
// On our own host the custom-domain layout also matches the marketing `/home`, with no data.
const marketingRoutes = new Set(['domain-home', ...marketingPages.map((page) => `routes/marketing/${page}`)]);

/**
 * The pages that load their scripts after first paint: those visitors read, where a tap before
 * hydration is replayed (after-first-paint.tsx). Workspace, platform and form pages keep loading
 * them with the document, to be interactive as soon as possible.
 */
export function isReadingPage(context: EntryContext): boolean {
  const { loaderData, matches } = context.staticHandlerContext;
  const leaf = matches.at(-1)?.route.id ?? '';
  if (readingRoutes.has(leaf) && ['store-layout', 'domain-store-layout'].some((id) => loaderData[id] != null)) return true;
  return marketingRoutes.has(leaf) && (loaderData['marketing-layout'] as { marketing?: boolean } | undefined)?.marketing === true;
}
