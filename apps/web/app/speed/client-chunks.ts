import type { Plugin, UserConfig } from 'vite';

// Speed trick (docs/decisions/048-two-client-chunk-groups.md; first 027): two client files every
// storefront page shares instead of one per module. Each file of a page is gzipped on its own, so
// 29 small files weigh more than the same code in a few (product page 128.8 KB gzip split
// automatically, 120.7 with these groups), and on a phone over HTTP/1.1 each costs a request.
// - `framework`: React, React DOM, React Router, the client entry and Vite's preload helper: what
//   every page (admin too) hydrates with.
// - `storefront`: the app modules the root, the storefront layout and the product route import
//   statically, which every storefront page loads anyway.
// Everything else is split as Vite splits it (027's further groups for modules other public pages
// share made the catalogue page heavier, 159.1 KB against 151; decision 048).
//
// What it assumes of the framework: Vite 8's client build runs Rolldown, whose
// `output.codeSplitting.groups` take a test per module id, called after `buildEnd` (the plugin
// reads the complete module graph there); module ids are absolute paths containing
// `/apps/web/<file>`, and Vite's preload helper is the virtual module `\0vite/preload-helper.js`.
// If Rolldown renames the option or calls the tests earlier, the build splits automatically again
// and only the weight changes: `speed/web-build.test.ts` "public pages load few files" fails.

const shellRoutes = ['app/root.tsx', 'app/routes/store/layout.tsx', 'app/routes/store/product.tsx'];
const framework = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const clientEntry = '/apps/web/app/entry.client.tsx';
const preloadHelper = '\0vite/preload-helper.js';
const storefront = new Set<string>();

/** Finds the app modules of the storefront shell once the client's module graph is complete. */
export const storefrontModules: Plugin = {
  name: 'storefront-modules',
  applyToEnvironment: (environment) => environment.name === 'client',
  buildEnd() {
    const isApp = (id: string) => !id.includes('node_modules') && !id.startsWith('\0') && !id.endsWith('.css');
    const roots = [...this.getModuleIds()].filter((id) => shellRoutes.some((route) => id.split('?')[0].endsWith(`/apps/web/${route}`)));
    const visit = (id: string) => {
      if (storefront.has(id)) return;
      storefront.add(id);
      for (const imported of this.getModuleInfo(id)?.importedIds ?? []) if (isApp(imported)) visit(imported);
    };
    for (const root of roots) for (const imported of this.getModuleInfo(root)?.importedIds ?? []) if (isApp(imported)) visit(imported);
    // Route modules stay files of their own: React Router loads them by name.
    for (const root of roots) storefront.delete(root);
  },
};

/** The client build's Rolldown options that put those modules in their two files. */
export const clientChunks: NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']> = {
  output: {
    codeSplitting: {
      groups: [
        { name: 'framework', test: (id: string) => framework.test(id) || id.endsWith(clientEntry) || id === preloadHelper, priority: 5 },
        { name: 'storefront', test: (id: string) => storefront.has(id), priority: 3 },
      ],
    },
  },
};
