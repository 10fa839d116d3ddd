import { useContext } from 'react';
import { CspNonce } from '../lib/csp-nonce';

// Pages paint before their scripts load (docs/decisions/027-few-client-chunks-scripts-after-paint.md).
// React Router writes a <link rel="modulepreload"> per client file into <head> and an inline module
// script that imports the route modules and the client entry; on a phone over HTTP/1.1 those fetches
// take the connections and bandwidth the stylesheet and the main image need, and the first paint
// waits. entry.server.tsx (scriptsAfterFirstPaint) writes both inert; this script, in <head>, makes
// them live again once the page has painted: the page shows its server-rendered HTML (links and
// forms work without JavaScript) and hydrates right after.

/** The rel entry.server.tsx gives React Router's modulepreload links: no browser fetches it. */
export const preloadAfterPaint = 'modulepreload-after-paint';
/**
 * The attribute entry.server.tsx adds to React Router's inline module script, which it writes as
 * `type="text/plain"`: no browser runs a data block, and the HTML standard allows that type (the Nu
 * checker refused an invented one such as `module-after-paint`, issue 22).
 */
export const moduleAfterPaint = 'data-module-after-paint';

/** What the loader leaves on `window`: entry.client.tsx says when hydration starts, root.tsx when it is done. */
export const afterFirstPaint = '__afterFirstPaint';
declare global {
  interface Window {
    [afterFirstPaint]?: { hydrating(): void; hydrated(): void };
  }
}

// Starts once: after the first contentful paint (at `load` in a tab opened in the background, which
// does not paint; after the first frame where paint timing is unknown), or at the visitor's first
// pointer or key press if that comes sooner. It restores the link rels (the browser fetches the files
// then) and the script's type (what React expects when it hydrates), and runs a copy of the script:
// changing the type of a parsed script does not run it. The copy carries the original's nonce, or, on
// a page from the public cache, is allowed by the same hash as the original (its text is the same).
// A tap on a button before hydration starts would be lost (the button has no handler yet), and a
// form without an action would be sent to the page's own address: the last such tap or submission
// is kept (the submission stopped) and done again once the page has hydrated. Links and forms with
// an action (search) are left alone: they work without JavaScript.
// Only the server writes it: the client build leaves it out (0.7 KB gzip on every page, decision 048),
// as React keeps a hydrated element's inner HTML as the server wrote it (suppressHydrationWarning).
const loader = import.meta.env.SSR
  ? `(() => {
  let started = false, tapped = null;
  const start = () => {
    if (started) return;
    if (document.readyState === 'loading') return addEventListener('DOMContentLoaded', start, { once: true });
    const routes = document.querySelector('script[${moduleAfterPaint}]');
    if (!routes) return;
    started = true;
    for (const link of document.querySelectorAll('link[rel="${preloadAfterPaint}"]')) link.rel = 'modulepreload';
    routes.type = 'module';
    routes.removeAttribute('${moduleAfterPaint}');
    document.head.append(Object.assign(document.createElement('script'), { type: 'module', nonce: routes.nonce, textContent: routes.textContent }));
  };
  const tap = (event) => {
    const button = event.target.closest && event.target.closest('button');
    if (button && !(button.type === 'submit' && button.form)) tapped = { replay: () => button.isConnected && button.click() };
  };
  const submit = (event) => {
    const form = event.target;
    if (form.hasAttribute('action')) return;
    event.preventDefault();
    const by = event.submitter && event.submitter.form === form ? event.submitter : null;
    tapped = { replay: () => form.isConnected && form.requestSubmit(by) };
  };
  addEventListener('click', tap, true);
  addEventListener('submit', submit, true);
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, start, { once: true, capture: true, passive: true });
  window.${afterFirstPaint} = {
    hydrating: () => {
      removeEventListener('click', tap, true);
      removeEventListener('submit', submit, true);
    },
    hydrated: () => {
      if (tapped) tapped.replay();
      tapped = null;
    },
  };
  if (document.visibilityState !== 'visible') addEventListener('load', start, { once: true });
  else if (PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.includes('paint'))
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
        observer.disconnect();
        setTimeout(start);
      }
    }).observe({ type: 'paint', buffered: true });
  else addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => setTimeout(start)));
})();`
  : '';

/** The script that loads the page's modules after its first paint; in <head>, before anything can paint. */
export function ScriptsAfterFirstPaint() {
  const nonce = useContext(CspNonce);
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, no input reaches it
      dangerouslySetInnerHTML={{ __html: loader }}
    />
  );
}
