import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { loadWebBuild } from '../apps/server/src/http/ssr.ts';

// Child process of bench/cross-shop.ts, on the database DATABASE_URL names (no seeding, no jobs):
//   PORT    the app exactly as `npm start` serves it (public cache on)
//   PORT+1  the same app on the same database with the public cache off: every call runs its queries
const config = loadConfig({ ...process.env, SEED_DEMO: '0', JOBS_WORKER: '0', LOG_LEVEL: 'silent' });
const database = await openDatabase(config, () => {});
// Fastify gives a plugin 10 s to start: on a loaded machine importing the web build can take longer, so
// it is imported first and the ssr plugin finds it loaded (as test-app.ts does).
await loadWebBuild({ config } as Parameters<typeof loadWebBuild>[0]);
const app = await buildApp({ config, db: database.db });
await app.listen({ port: config.port, host: '127.0.0.1' });
const uncached = await buildApp({ config, db: database.db, publicCache: false });
await uncached.listen({ port: config.port + 1, host: '127.0.0.1' });
process.send?.({ cached: `http://127.0.0.1:${config.port}`, uncached: `http://127.0.0.1:${config.port + 1}` });

process.on('SIGTERM', async () => {
  await uncached.close();
  await app.close();
  await database.close({ stopEmbedded: false });
  process.exit(0);
});
