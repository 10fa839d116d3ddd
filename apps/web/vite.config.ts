import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// React Router 7.18 starts internal Vite servers with `envFile: false`, which Vite 8 deprecates in
// favour of `envDir: false` (same meaning) with a warning on every build and start; say it the new way.
const envDirInsteadOfEnvFile: Plugin = {
  name: 'stashblog:env-dir-instead-of-env-file',
  config(config) {
    // (no longer in Vite's types, still read by it)
    const c = config as typeof config & { envFile?: boolean };
    if (c.envFile === false) {
      delete c.envFile;
      c.envDir = false;
    }
  },
};

// SSR loaders import server services from the linked workspaces (@stashblog/server, @stashblog/contract),
// which are TypeScript source and must be bundled; their npm dependencies stay external and are
// resolved from node_modules at run time (docs/decisions/002-ssr-adapter.md).
export default defineConfig({
  plugins: [envDirInsteadOfEnvFile, tailwindcss(), reactRouter()],
  ssr: {
    noExternal: ['@stashblog/server', '@stashblog/contract'],
  },
});
