import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The server build keeps every package external, the workspaces too: loaders get the server's
// services through the load context (app/lib/load-context.server.ts) and import only types from
// @stashblog/server, and @stashblog/contract is loaded from its TypeScript source by the server's
// tsx loader, so the process holds one copy of each module (apps/server/src/http/ssr.test.ts).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  // (Vite's own ssr.external refuses a package whose files are TypeScript, hence the bundler option.)
  // Client files are split as Vite splits them: the chunk-group plugin of decision 027 showed no
  // Lighthouse gain beyond noise once scripts load after first paint (decision 041).
  build: isSsrBuild ? { rolldownOptions: { external: [/^@stashblog\/(contract|server)\//] } } : {},
}));
