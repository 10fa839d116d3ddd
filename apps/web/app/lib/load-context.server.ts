import type { AppContext } from '@stashblog/server/app-context.ts';

/** What the Fastify SSR adapter (apps/server/src/http/ssr.ts) hands every loader and action. */
export type StashLoadContext = {
  ctx: AppContext;
  /** The business a storefront request is for, as resolved by the server's tenant hook (null on the marketing site). */
  tenant?: unknown;
  /** This response's Content-Security-Policy nonce: every inline script React Router writes carries it. */
  cspNonce?: string;
};

declare module 'react-router' {
  interface AppLoadContext extends StashLoadContext {}
}
