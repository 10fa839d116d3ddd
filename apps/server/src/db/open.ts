import type { Config } from '../config.ts';
import { createDatabase, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';

export type OpenDatabase = { db: Database; close: (opts: { stopEmbedded: boolean }) => Promise<void>; adopted: boolean };

/** DATABASE_URL when set, else the embedded PostgreSQL of DATA_DIR; migrated, ready to use. */
export async function openDatabase(config: Config, log: (msg: string) => void): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, { log });
  const url = config.databaseUrl ?? embedded!.url;
  const { db, pool } = createDatabase(url);
  await runMigrations(db);
  return {
    db,
    adopted: embedded?.adopted ?? true,
    close: async ({ stopEmbedded }) => {
      await pool.end();
      if (embedded && stopEmbedded) await embedded.stop();
    },
  };
}
