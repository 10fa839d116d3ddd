import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { clientChunks, storefrontModules } from './app/speed/client-chunks.ts';

// The server build keeps every package external, the workspaces too: loaders get the server's
// services through the load context (app/lib/load-context.server.ts) and import only types from
// @stashblog/server, and @stashblog/contract is loaded from its TypeScript source by the server's
// tsx loader, so the process holds one copy of each module (apps/server/src/http/ssr.test.ts).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), storefrontModules],
  // (Vite's own ssr.external refuses a package whose files are TypeScript, hence the bundler option.)
  // Public pages' client files in few groups (speed/client-chunks.ts, decision 048).
  build: isSsrBuild ? { rolldownOptions: { external: [/^@stashblog\/(contract|server)\//] } } : { rolldownOptions: clientChunks },
}));
