import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { bumpContentVersions, productsWritten } from '../apps/server/src/db/tenant-writes.ts';
import { e2eDataDir } from './playwright.config.ts';

// Direct access to the e2e server's embedded database, to check what a journey stored.
export function e2eQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return withClient(async (client) => (await client.query<T>(text, values)).rows);
}

/**
 * After a journey wrote a business's rows straight to its tables: what every write of the app does
 * besides (decision 055): its products' stored JSON and search words, and its content version, so the
 * server's caches drop what they hold.
 */
export async function e2eWritten(businessName: string): Promise<void> {
  const pool = new pg.Pool({ ...connection(), max: 1 });
  try {
    const db = drizzle({ client: pool });
    const { rows } = await pool.query<{ id: string }>('select id from businesses where business_name = $1', [businessName]);
    const businessId = rows[0]?.id as string;
    const products = await pool.query<{ id: string }>('select id from products where business_id = $1', [businessId]);
    await productsWritten(db, { businessId, ids: products.rows.map((p) => p.id) });
    await bumpContentVersions(db, [businessId]);
  } finally {
    await pool.end();
  }
}

function connection(): pg.ClientConfig {
  const dataDir = path.resolve(import.meta.dirname, '..', e2eDataDir);
  const creds = JSON.parse(readFileSync(path.join(dataDir, 'pg-credentials.json'), 'utf8')) as { user: string; password: string };
  const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  return { host: '127.0.0.1', port, user: creds.user, password: creds.password, database: 'stashblog' };
}

async function withClient<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(connection());
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
