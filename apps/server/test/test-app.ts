import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodePassword } from '@stashblog/contract/auth';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createDatabase, withDatabase } from '../src/db/client.ts';
import { createBusiness } from '../src/modules/businesses/businesses.service.ts';
import { startDnsServer } from '../src/modules/domains/dns-test-server.ts';

/** The SECRET of every test app (test-form.ts signs a person's form challenge with it). */
export const testSecret = 'x'.repeat(40);

export type TestApp = App & {
  /** Creates a business with an owner and returns the owner's token. */
  owner(businessName: string): Promise<{ token: string; businessId: string; businessName: string; email: string }>;
};

/** A fresh app on its own database cloned from the migrated template; dropped after the file. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const serverUrl = inject('dbServerUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${inject('dbTemplate')}`);
      break;
    } catch (e) {
      // another file is cloning the template at this instant
      if (attempt > 20) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stash-test-'));
  // Custom-domain checks never ask the machine's resolver: unless the test names its own DNS server,
  // an empty one on loopback answers every name with NXDOMAIN (the fuzz test verifies domains too).
  const dns = overrides.dnsServers ? null : await startDnsServer(new Map());
  const config = loadConfig(
    { DATA_DIR: dataDir, SECRET: testSecret, LOG_LEVEL: 'silent', JOBS_WORKER: '0' },
    { ...(dns ? { dnsServers: [dns.address] } : {}), ...overrides },
  );
  const { db, pool } = createDatabase(withDatabase(serverUrl, name));
  const app = await buildApp({ config, db });
  await app.ready();

  afterAll(async () => {
    await app.close();
    await dns?.close();
    await pool.end();
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return Object.assign(app, {
    async owner(businessName: string) {
      const email = `${businessName}@example.test`;
      const { id } = await createBusiness(app.ctx, { businessName, name: `Owner of ${businessName}`, email, password: 'correct-horse-1' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/user/logIn',
        payload: { email, password: encodePassword('correct-horse-1') },
      });
      const token = res.json().payload.authorization as string;
      return { token, businessId: id, businessName, email };
    },
  });
}
