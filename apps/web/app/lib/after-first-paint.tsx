import { useContext } from 'react';
import { CspNonce } from './csp-nonce';

// Pages paint before their scripts load (docs/decisions/027-few-client-chunks-scripts-after-paint.md).
// React Router writes a <link rel="modulepreload"> per client file into <head> and an inline module
// script that imports the route modules and the client entry; on a phone over HTTP/1.1 those fetches
// take the connections and bandwidth the stylesheet and the main image need, and the first paint
// waits. entry.server.tsx (scriptsAfterFirstPaint) writes both inert; this script, in <head>, makes
// them live again once the page has painted: the page shows its server-rendered HTML (links and
// forms work without JavaScript) and hydrates right after.

/** The rel entry.server.tsx gives React Router's modulepreload links: no browser fetches it. */
export const preloadAfterPaint = 'modulepreload-after-paint';
/** The type entry.server.tsx gives React Router's inline module script: no browser runs it. */
export const moduleAfterPaint = 'module-after-paint';

// Runs once, after the first contentful paint (at `load` in a tab opened in the background, which
// does not paint; after the first frame where paint timing is unknown). It restores the link rels (the browser fetches the files then) and
// the script's type (what React expects when it hydrates), and runs a copy of the script: changing the
// type of a parsed script does not run it. The copy carries the original's nonce, or, on a page from
// the public cache, is allowed by the same hash as the original (its text is the same).
const loader = `(()=>{let started=false;const start=()=>{if(started)return;if(document.readyState==='loading'){addEventListener('DOMContentLoaded',start,{once:true});return}const routes=document.querySelector('script[type="${moduleAfterPaint}"]');if(!routes)return;started=true;for(const link of document.querySelectorAll('link[rel="${preloadAfterPaint}"]'))link.rel='modulepreload';routes.type='module';document.head.append(Object.assign(document.createElement('script'),{type:'module',nonce:routes.nonce,textContent:routes.textContent}))};if(document.visibilityState!=='visible')addEventListener('load',start,{once:true});else if(PerformanceObserver.supportedEntryTypes?.includes('paint'))new PerformanceObserver((list,observer)=>{if(list.getEntries().some((e)=>e.name==='first-contentful-paint')){observer.disconnect();setTimeout(start)}}).observe({type:'paint',buffered:true});else addEventListener('DOMContentLoaded',()=>requestAnimationFrame(()=>setTimeout(start)))})();`;

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
