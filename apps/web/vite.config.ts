import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// The server build keeps every package external, the workspaces too: loaders get the server's
// services through the load context (app/lib/load-context.server.ts) and import only types from
// @stashblog/server, and @stashblog/contract is loaded from its TypeScript source by the server's
// tsx loader, so the process holds one copy of each module (apps/server/src/http/ssr.test.ts).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), storefrontModules],
  // (Vite's own ssr.external refuses a package whose files are TypeScript, hence the bundler option.)
  build: isSsrBuild
    ? { rolldownOptions: { external: [/^@stashblog\/(contract|server)\//] } }
    : { rolldownOptions: { output: { codeSplitting: clientChunks } } },
}));

// Few client files instead of one per shared module (docs/decisions/027-few-client-chunks-scripts-after-paint.md):
// on a phone over HTTP/1.1 every file costs a round trip on one of six connections, and automatic
// splitting gave a product page 26 files and the storefront home 35. Groups: the framework every
// page hydrates with; the app modules of the storefront's shell and product page (what every
// storefront page loads); the app modules two or more other public pages share, in three files by
// what they need — React Query, the carousel, or neither — so a page without them loads neither
// (decision 023). Route modules stay files of their own (React Router loads them by name); admin
// pages keep automatic splitting.
const shellRoutes = ['app/root.tsx', 'app/routes/store/layout.tsx', 'app/routes/store/product.tsx'];
const pageRoutes = ['app/routes/store/', 'app/routes/marketing/layout.tsx'];
const libraries = { query: /node_modules[\\/]@tanstack[\\/]/, carousel: /node_modules[\\/]embla-carousel/ };
const groupOf = new Map<string, string>();

/** Sorts the app modules the public routes import statically, once the client's module graph is complete. */
const storefrontModules: Plugin = {
  name: 'storefront-modules',
  applyToEnvironment: (environment) => environment.name === 'client',
  buildEnd() {
    const ids = [...this.getModuleIds()];
    const isRoute = (id: string, routes: string[]) => routes.some((route) => id.split('?')[0].includes(`/apps/web/${route}`));
    const isApp = (id: string) => !id.includes('node_modules') && !id.endsWith('.css');
    const reachable = (root: string) => {
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      visit(root);
      return seen;
    };
    const closures = new Map<string, Set<string>>();
    const closure = (id: string) => closures.get(id) ?? closures.set(id, reachable(id)).get(id)!;
    const shellRoots = ids.filter((id) => isRoute(id, shellRoutes));
    for (const root of shellRoots) for (const id of closure(root)) if (isApp(id) && !shellRoots.includes(id)) groupOf.set(id, 'storefront');
    const pageRoots = ids.filter((id) => isRoute(id, pageRoutes) && !shellRoots.includes(id));
    const shares = new Map<string, number>();
    for (const root of pageRoots) {
      for (const id of closure(root)) if (isApp(id) && !pageRoots.includes(id)) shares.set(id, (shares.get(id) ?? 0) + 1);
    }
    for (const [id, count] of shares) {
      if (count < 2 || groupOf.has(id)) continue;
      const needs = Object.entries(libraries).filter(([, lib]) => [...closure(id)].some((dep) => lib.test(dep)));
      if (needs.length <= 1) groupOf.set(id, needs[0]?.[0] ?? 'storefront-pages');
    }
  },
};

const clientChunks = {
  groups: [
    { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 5 },
    ...['storefront', 'storefront-pages', 'query', 'carousel'].map((name) => ({
      name,
      test: (id: string) => groupOf.get(id) === name || (name in libraries && libraries[name as keyof typeof libraries].test(id)),
      priority: 3,
    })),
  ],
};
