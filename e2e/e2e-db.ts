import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { e2eDataDir } from './playwright.config.ts';

// Direct access to the e2e server's embedded database, to check what a journey stored.
export async function e2eQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const dataDir = path.resolve(import.meta.dirname, '..', e2eDataDir);
  const creds = JSON.parse(readFileSync(path.join(dataDir, 'pg-credentials.json'), 'utf8')) as { user: string; password: string };
  const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const client = new pg.Client({ host: '127.0.0.1', port, user: creds.user, password: creds.password, database: 'stashblog' });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
