import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './cli/seed-demo.ts';
import { ConfigError, loadConfig } from './config.ts';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';
import { openDatabase } from './db/open.ts';
import { loadWebBuild } from './http/ssr.ts';

// Start-up and graceful shutdown only; everything else is in app.ts.
async function main() {
  const config = loadConfig();
  const lock = acquireDataDirLock(config.dataDir);
  const log = (msg: string) => console.log(`[stashblog] ${msg}`);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config, log);
  } catch (e) {
    lock.release();
    throw e;
  }
  // Fastify gives the ssr plugin 10 s to start, and it imports the web build: on a loaded machine the
  // first import can take longer. Imported here first (as test-app.ts does), the plugin finds it loaded.
  await loadWebBuild({ config } as Parameters<typeof loadWebBuild>[0]);
  const app = await buildApp({ config, db: database.db, logger: true });

  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close().catch(() => {});
    await database.close({ stopEmbedded: true }).catch((e) => app.log.error(e));
    lock.release();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    if (config.seedDemo) await seedDemoIfEmpty(app.ctx, log);
    await app.listen({ port: config.port, host: config.host });
    log(`serving ${config.publicUrl} (data in ${config.dataDir})`);
  } catch (e) {
    app.log.error(e);
    await shutdown('start-up failure', 1);
  }
}

main().catch((e) => {
  if (e instanceof ConfigError || e instanceof DataDirLockedError) console.error(e.message);
  else console.error(e);
  process.exit(1);
});
