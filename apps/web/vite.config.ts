import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// SSR loaders import server services from the linked workspaces (@stashblog/server, @stashblog/contract),
// which are TypeScript source and must be bundled; their npm dependencies stay external and are
// resolved from node_modules at run time (docs/decisions/002-ssr-adapter.md).
// (React Router's `envFile` deprecation warning is answered by scripts/patch-react-router-env-dir.mjs.)
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  ssr: {
    noExternal: ['@stashblog/server', '@stashblog/contract'],
  },
});
