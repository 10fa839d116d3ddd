import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, withDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';

// One migrated template database per run; every test file clones it (test/test-app.ts).
// TEST_DATABASE_URL points at a server of your own (CI also runs against the system PostgreSQL 15);
// otherwise an embedded PostgreSQL is started in .tmp/test-data.
export const TEMPLATE = 'stash_test_template';

export default async function setup(project: TestProject) {
  let stop = async () => {};
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = path.resolve(import.meta.dirname, '../../../.tmp/test-data');
    const handle = await startEmbeddedPostgres(dataDir, { log: () => {} });
    serverUrl = handle.url;
    stop = handle.stop;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
  await admin.query(`create database ${TEMPLATE}`);
  await admin.end();
  const { db, pool } = createDatabase(withDatabase(serverUrl, TEMPLATE));
  await runMigrations(db);
  await pool.end();
  project.provide('dbServerUrl', serverUrl);
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbServerUrl: string;
  }
}
