import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, withDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';
import { globalTables, tenantTables } from './table-kinds.ts';

// Citus distributes tenant tables by business_id with its default settings only if the schema lets
// it (decision 056, docs/scale-out.md): no triggers, every key of a tenant table includes business_id,
// no ON UPDATE CASCADE, and every table is declared tenant or global (table-kinds.ts). Checked on a
// database migrated from empty, as a new deployment is.
const serverUrl = inject('dbServerUrl');
const name = `stash_schema_${process.pid}`;
let client: pg.Client;

const admin = async (statement: string) => {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
};

beforeAll(async () => {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const { db, pool } = createDatabase(withDatabase(serverUrl, name));
  try {
    await runMigrations(db);
  } finally {
    await pool.end();
  }
  client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  await admin(`drop database if exists ${name} with (force)`);
});

const rows = async <T>(text: string) => (await client.query(text)).rows as T[];
const tenant = new Set<string>(tenantTables);

describe('a schema Citus can distribute', () => {
  it('declares every table once, as tenant or global, and names no table that is not there', async () => {
    const tables = (
      await rows<{ name: string }>(`select relname as name from pg_class
      where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`)
    ).map((r) => r.name);
    const declared = [...tenantTables, ...Object.keys(globalTables)];
    expect(
      tables.filter((t) => !declared.includes(t)),
      'tables in neither list of table-kinds.ts',
    ).toEqual([]);
    expect(
      declared.filter((t) => !tables.includes(t)),
      'declared tables that do not exist',
    ).toEqual([]);
    expect(
      tenantTables.filter((t) => t in globalTables),
      'tables in both lists',
    ).toEqual([]);
    const withKey = await rows<{ name: string }>(`select c.relname as name from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'business_id' and a.attnotnull
      where c.relnamespace = 'public'::regnamespace`);
    expect(
      tenantTables.filter((t) => !withKey.some((r) => r.name === t)),
      'tenant tables without a NOT NULL business_id',
    ).toEqual([]);
  });

  it('has no triggers on its tables', async () => {
    const triggers = await rows<{ trigger: string }>(`select t.tgname || ' on ' || c.relname as trigger from pg_trigger t
      join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace and not t.tgisinternal order by 1`);
    expect(triggers.map((t) => t.trigger)).toEqual([]);
  });

  it('has business_id in every primary key, unique key and foreign key of a tenant table', async () => {
    const keys = await rows<{ table: string; key: string; kind: string; columns: string[]; referenced: string[] | null }>(`
      select c.relname as table, k.conname as key, k.contype as kind,
             array(select attname from pg_attribute where attrelid = k.conrelid and attnum = any(k.conkey)) as columns,
             array(select attname from pg_attribute where attrelid = k.confrelid and attnum = any(k.confkey)) as referenced
      from pg_constraint k join pg_class c on c.oid = k.conrelid
      where c.relnamespace = 'public'::regnamespace and k.contype in ('p', 'u', 'f', 'x')
      union all
      select c.relname, i.relname, 'unique index',
             array(select attname from pg_attribute where attrelid = x.indrelid and attnum = any(x.indkey)), null
      from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
      where c.relnamespace = 'public'::regnamespace and x.indisunique
        and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`);
    const bad = keys
      .filter((k) => tenant.has(k.table))
      .filter((k) => !k.columns.includes('business_id'))
      .map((k) => `${k.table}.${k.key} (${k.kind}: ${k.columns.join(', ')})`);
    expect(bad, 'keys of tenant tables without business_id').toEqual([]);
    // a foreign key between tenant tables matches business_id with business_id (one shard holds both rows)
    const crossShard = await rows<{ key: string }>(`
      select k.conname as key from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
      where k.contype = 'f' and c.relnamespace = 'public'::regnamespace
        and c.relname = any('{${tenantTables.join(',')}}') and r.relname = any('{${tenantTables.join(',')}}')
        and array_position(k.conkey, (select attnum from pg_attribute where attrelid = k.conrelid and attname = 'business_id'))
          is distinct from array_position(k.confkey, (select attnum from pg_attribute where attrelid = k.confrelid and attname = 'business_id'))`);
    expect(
      crossShard.map((k) => k.key),
      'foreign keys between tenant tables not matching business_id to business_id',
    ).toEqual([]);
  });

  it('has no foreign key with ON UPDATE CASCADE (Citus refuses it on a distribution column)', async () => {
    const cascading = await rows<{ key: string }>(`select c.relname || '.' || k.conname as key from pg_constraint k
      join pg_class c on c.oid = k.conrelid where k.contype = 'f' and k.confupdtype = 'c' order by 1`);
    expect(cascading.map((k) => k.key)).toEqual([]);
  });
});
