import { storePath } from '@stashblog/contract/paths';
import { specTexts } from '@stashblog/contract/spec-texts';
import { useEffect, useMemo } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import type { StoreLayoutData } from './features/store/store.server';
import './app.css';
import favicon from './favicon.svg?url&no-inline';
import { ZodWithoutEval } from './lib/csp-nonce';
import { afterFirstPaint, ScriptsAfterFirstPaint } from './speed/after-first-paint';
import { type MediaWidths, MediaWidthsProvider } from './ui/media-image';
import { NotFound } from './ui/not-found';
import { Toasts } from './ui/toasts';
import { useServiceWorker } from './ui/use-service-worker';

export const meta: Route.MetaFunction = ({ error }) =>
  isRouteErrorResponse(error) && error.status === 404
    ? [{ title: specTexts.notFoundTitle }, { name: 'robots', content: 'noindex' }]
    : [{ title: specTexts.defaultTitle }, { name: 'description', content: specTexts.defaultDescription }];

/** A storefront's own web manifest (installed from the store it opens the store), else the platform's (the dashboard). */
function useManifest(): string {
  const own = useRouteLoaderData<StoreLayoutData | null>('store-layout');
  const domain = useRouteLoaderData<StoreLayoutData | null>('domain-store-layout');
  const store = own ?? domain;
  return store ? storePath(store.profile.businessName, '/store.webmanifest', store.onOwnDomain) : '/manifest.webmanifest';
}

export function Layout({ children }: { children: React.ReactNode }) {
  const manifest = useManifest();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href={favicon} type="image/svg+xml" />
        <link rel="manifest" href={manifest} />
        <link rel="apple-touch-icon" href="/icon-192.png" />
        <meta name="theme-color" content="#181818" />
        <ZodWithoutEval />
        <ScriptsAfterFirstPaint />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-background font-sans text-text antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useServiceWorker();
  // The page has hydrated: a tap that came before gets its handler now (speed/after-first-paint.tsx).
  useEffect(() => {
    window[afterFirstPaint]?.hydrated();
  }, []);
  // No QueryClientProvider here: the routes that fetch on the client mount their own (ui/query-provider.tsx).
  return (
    <MediaWidthsProvider value={useMediaWidths()}>
      <Outlet />
      <Toasts />
    </MediaWidthsProvider>
  );
}

/** The recorded image widths every page loader on the way gave (lib/media-widths.server.ts), as one map. */
function useMediaWidths(): MediaWidths {
  const matches = useMatches();
  return useMemo(
    () => Object.assign({}, ...matches.map((m) => (m.data as { mediaWidths?: MediaWidths } | null)?.mediaWidths ?? {})),
    [matches],
  );
}

export function HydrateFallback() {
  return <p className="p-8 text-center text-muted">Loading…</p>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="mb-4 font-bold text-2xl">{specTexts.notFoundHeading}</h1>
      <p className="text-muted">
        {isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong, please try again.'}
      </p>
    </main>
  );
}
