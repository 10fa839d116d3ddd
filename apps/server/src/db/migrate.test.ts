import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { installJobQueue } from '../jobs/queue.ts';
import { createDatabase, withDatabase } from './client.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';

// Several app nodes may start at once on one new database (docs/deploy.md); each runs the
// migrations at start-up. They must not trip over each other: one applies, the others wait for
// it and find nothing left to do.
const serverUrl = inject('dbServerUrl');
const name = `stash_migrate_race_${process.pid}`;
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};

afterAll(async () => {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`drop database if exists ${name}_names with (force)`);
});

describe('migrations', () => {
  it('three nodes starting at once on an empty database apply each migration exactly once', async () => {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    const nodes = [0, 1, 2].map(() => createDatabase(withDatabase(serverUrl, name)));
    try {
      const results = await Promise.allSettled(nodes.map(({ db }) => runMigrations(db)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const { rows } = await nodes[0].pool.query('select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash');
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      // the schema is whole: a table from the last migrations is there
      expect((await nodes[0].pool.query("select to_regclass('public.products') is not null as ok")).rows[0].ok).toBe(true);
    } finally {
      await Promise.all(nodes.map(({ pool }) => pool.end()));
    }
  });

  it('0020 gives every business from before it a display name: its name capitalised word by word', async () => {
    const db = `${name}_names`;
    await admin(`drop database if exists ${db} with (force)`);
    await admin(`create database ${db}`);
    // the migrations before 0020, from a copy of the folder whose journal stops there
    const before = mkdtempSync(path.join(tmpdir(), 'stash-migrations-'));
    cpSync(migrationsFolder, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0020');
    writeFileSync(journalFile, JSON.stringify(journal));
    const node = createDatabase(withDatabase(serverUrl, db));
    try {
      await installJobQueue(node.pool);
      await migrate(node.db, { migrationsFolder: before });
      const old = ['lotus-handicrafts', 'shop-24x7', '3d-prints', 'meera'];
      for (const [i, businessName] of old.entries())
        await node.pool.query(`insert into businesses (id, business_name, name, email, password_hash) values ($1, $2, 'Owner', $3, 'x')`, [
          `0190a0b0-0000-7000-8000-00000000000${i}`,
          businessName,
          `${businessName}@example.test`,
        ]);
      await runMigrations(node.db);
      const { rows } = await node.pool.query('select business_name, display_name from businesses order by business_name');
      expect(rows).toEqual([
        { business_name: '3d-prints', display_name: '3d Prints' },
        { business_name: 'lotus-handicrafts', display_name: 'Lotus Handicrafts' },
        { business_name: 'meera', display_name: 'Meera' },
        { business_name: 'shop-24x7', display_name: 'Shop 24x7' },
      ]);
      // from now on every business has one
      const missing = await node.pool
        .query(
          `insert into businesses (id, business_name, name, email, password_hash) values (gen_random_uuid(), 'new', 'O', 'n@x.test', 'x')`,
        )
        .catch((e: Error) => e.message);
      expect(missing).toMatch(/display_name/);
    } finally {
      await node.pool.end();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
