import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, withDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

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
});
