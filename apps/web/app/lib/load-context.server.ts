import type { PageLoadContext } from '@stashblog/server/http/page-load-context.ts';

// What the Fastify SSR adapter (apps/server/src/http/ssr.ts) hands every loader and action: the page
// services bound to the server's context, the request's tenant and CSP nonce. Web code imports only
// types from @stashblog/server: the services run in the server's own modules, never in a copy bundled
// into the web build (apps/server/src/http/ssr.test.ts checks the build).
declare module 'react-router' {
  interface AppLoadContext extends PageLoadContext {}
}
