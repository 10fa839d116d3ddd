import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from 'react-router';
import { CspNonce } from './lib/csp-nonce';
import { isReadingPage, scriptsAfterFirstPaint } from './speed/after-first-paint.server';

// React Router's default Node entry, plus: the response's CSP nonce (from the server's SSR adapter,
// apps/server/src/http/ssr.ts) on every script React Router, React and we write — on a page shared
// through caches the adapter later trades it for those scripts' hashes (decision 022) — and no
// error log for what a client got wrong (a 4xx such as a POST to a page without a form); and a
// storefront or marketing page's scripts load after its first paint (speed/after-first-paint.tsx).

export const streamTimeout = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = (
      <CspNonce.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonce.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set('Content-Type', 'text/html');
        // On a reading page React Router's module links and script go out inert; the page brings
        // them back once it has painted (speed/after-first-paint.tsx).
        if (isReadingPage(routerContext)) {
          const html = scriptsAfterFirstPaint();
          html.pipe(body);
          pipe(html);
        } else pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
