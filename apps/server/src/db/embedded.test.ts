import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

async function serverAddress(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ addr: string | null }>('select host(inet_server_addr()) as addr')).rows[0]?.addr ?? null;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL connection', () => {
  // The run's own embedded server (test/global-setup.ts); with TEST_DATABASE_URL there is none.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('is reached through a unix socket in its data directory', async () => {
    const url = inject('dbServerUrl');
    expect(new URL(url).searchParams.get('host')).toMatch(/\/pg$/);
    expect(await serverAddress(url)).toBeNull(); // no server address: not over TCP
  });

  it('falls back to loopback TCP when the socket path would pass the kernel limit', async () => {
    const dataDir = path.join(tmpdir(), `stash-embedded-${process.pid}-${'long'.repeat(20)}`);
    mkdirSync(dataDir, { recursive: true });
    const handle = await startEmbeddedPostgres(dataDir, { log: () => {} });
    try {
      expect(new URL(handle.url).searchParams.get('host')).toBeNull();
      expect(await serverAddress(handle.url)).toBe('127.0.0.1');
    } finally {
      await handle.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
