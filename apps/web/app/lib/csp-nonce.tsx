import { createContext, useContext } from 'react';

// This response's Content-Security-Policy nonce for scripts we write ourselves (React Router's own
// carry it already). It also marks them as ours: on a page shared through caches only scripts that
// carried the nonce are allowed, by hash (docs/decisions/022-hashed-csp-for-shared-pages.md).
// Provided by entry.server.tsx; in the browser there is none, and none is needed: a script React
// adds after load never runs.
export const CspNonce = createContext<string | undefined>(undefined);

/**
 * zod compiles object parsers with `new Function` and probes for it first; the pages' policy has no
 * 'unsafe-eval' (docs/decisions/018-content-security-policy.md), and the probe, although zod
 * catches its error, is reported as a violation. zod reads this global when it loads, and route
 * modules (with the contract's schemas) load before the client entry, so it is set by a classic
 * script in <head>, which runs before any module script.
 */
export function ZodWithoutEval() {
  const nonce = useContext(CspNonce);
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, no input reaches it
      dangerouslySetInnerHTML={{ __html: 'globalThis.__zod_globalConfig={jitless:true};' }}
    />
  );
}
