import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, withDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';

// One migrated template database per run; every test file clones it (test/test-app.ts).
// TEST_DATABASE_URL points at a server of your own (CI also runs against the system PostgreSQL 15);
// otherwise an embedded PostgreSQL is started in .tmp/test-data-<pid>. Names carry the pid so that
// two runs at once (two terminals, or CI on a shared server) never touch each other's databases.
export default async function setup(project: TestProject) {
  let stop = async () => {};
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = path.resolve(import.meta.dirname, `../../../.tmp/test-data-${process.pid}`);
    // A cluster thrown away after the run: no commit waits for the disk (one synchronous 8 kB write
    // took 9-12 ms on this machine's disk, and every test commits many times; decision 049).
    const settings = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };
    const handle = await startEmbeddedPostgres(dataDir, { log: () => {}, settings });
    serverUrl = handle.url;
    stop = async () => {
      await handle.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const template = `stash_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template} with (force)`);
  await admin.query(`create database ${template}`);
  await admin.end();
  const { db, pool } = createDatabase(withDatabase(serverUrl, template));
  await runMigrations(db);
  await pool.end();
  project.provide('dbServerUrl', serverUrl);
  project.provide('dbTemplate', template);
  return async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    // and the demo data's template, if a file asked for it (createDemoTestApp)
    const demo = demoTemplateName(template);
    for (const db of [template, demo, `${demo}_seeding`]) await c.query(`drop database if exists ${db} with (force)`).catch(() => {});
    await c.end();
    rmSync(demoDataDir(demo), { recursive: true, force: true });
    await stop();
  };
}

/** The run's demo data, seeded by the first file that asks for it (createDemoTestApp in test-app.ts). */
export const demoTemplateName = (template: string) => `${template}_demo`;
export const demoDataDir = (demoTemplate: string) => path.join(tmpdir(), demoTemplate);

declare module 'vitest' {
  export interface ProvidedContext {
    dbServerUrl: string;
    dbTemplate: string;
  }
}
