import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { installJobQueue } from '../jobs/queue.ts';
import type { Database } from './client.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

// Any fixed 64-bit key, the same on every node: "the migrations of this database are being run".
const migrationLock = 7_115_311_842_001;

/**
 * Brings the schema (the job queue's, then ours) up to date. Several nodes may start at once on one database; drizzle's migrator
 * has no lock of its own (two nodes would both create its table and both apply the same migration),
 * so a session advisory lock, held on one connection while the pool migrates, makes the others wait
 * and then find nothing left to apply. The lock goes with the connection if a node dies mid-way.
 */
export async function runMigrations(db: Database): Promise<void> {
  const holder = await db.$client.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [migrationLock]);
    // The job queue's own schema (graphile_worker, versioned by the package) first: our migrations
    // may add jobs (0017 turned unsent SMTP mail into jobs).
    await installJobQueue(db.$client);
    await migrate(db, { migrationsFolder });
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [migrationLock]).catch(() => {});
    holder.release();
  }
}
