import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodePassword } from '@stashblog/contract/auth';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { seedDemo } from '../src/cli/seed-demo.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createDatabase, withDatabase } from '../src/db/client.ts';
import { loadWebBuild } from '../src/http/ssr.ts';
import { createBusiness } from '../src/modules/businesses/businesses.service.ts';
import { startDnsServer } from './dns-server.ts';
import { demoDataDir, demoTemplateName } from './global-setup.ts';

/** The SECRET of every test app (test-form.ts signs a person's form challenge with it). */
export const testSecret = 'x'.repeat(40);

export type TestApp = App & {
  /** Creates a business with an owner and returns the owner's token. */
  owner(businessName: string): Promise<{ token: string; businessId: string; businessName: string; email: string }>;
};

/** A fresh app on its own database cloned from the migrated template; dropped after the file. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  return closedAfterAll(await openApp({ template: inject('dbTemplate') }, overrides));
}

/**
 * A fresh app holding the demo data (`seedDemo`), for the files that read it rather than test the seed
 * (seed-demo.test.ts seeds its own). The first file of the run to ask seeds it once, into a template
 * database and a media folder beside it (under an advisory lock, so other workers wait for it); every
 * app clones both, as a server restarted on a seeded DATA_DIR. Seeding draws and processes every
 * picture: it took 4-8 CPU-s per file, in seven files (decision 052).
 */
export async function createDemoTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const serverUrl = inject('dbServerUrl');
  const template = demoTemplateName(inject('dbTemplate'));
  const media = demoDataDir(template);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!rowCount) {
      // Seeded under another name and renamed when done, so a failed seed leaves no half template.
      const seeding = `${template}_seeding`;
      await admin.query(`drop database if exists ${seeding} with (force)`);
      rmSync(media, { recursive: true, force: true });
      const seeder = await openApp({ template: inject('dbTemplate'), name: seeding, dataDir: media });
      await seedDemo(seeder.app.ctx, () => {});
      await seeder.close({ keep: true });
      await onceIdle(admin, `alter database ${seeding} rename to ${template}`);
    }
  } finally {
    await admin.end(); // the advisory lock goes with the session
  }
  return closedAfterAll(await openApp({ template, copyOf: media }, overrides));
}

/**
 * Runs a statement that needs a database nobody else is connected to: another file may be cloning the
 * template at this instant, and a pool's sessions end on the server a moment after `pool.end()`.
 */
async function onceIdle(admin: pg.Client, statement: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(statement);
      return;
    } catch (e) {
      if (attempt > 20) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

type OpenApp = { app: App; close(o?: { keep: true }): Promise<void> };

/**
 * An app on a new database cloned from `template` (named `name`, or a random one) with DATA_DIR
 * `dataDir` (or a new temporary one, holding a copy of `copyOf`). `close` drops both unless kept.
 */
async function openApp(
  { template, name: given, dataDir: givenDir, copyOf }: { template: string; name?: string; dataDir?: string; copyOf?: string },
  overrides: Partial<Config> = {},
): Promise<OpenApp> {
  const serverUrl = inject('dbServerUrl');
  const name = given ?? `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await onceIdle(admin, `create database ${name} template ${template}`);
  await admin.end();
  const dataDir = givenDir ?? mkdtempSync(path.join(tmpdir(), 'stash-test-'));
  if (copyOf) cpSync(copyOf, dataDir, { recursive: true });
  // Custom-domain checks never ask the machine's resolver: unless the test names its own DNS server,
  // an empty one on loopback answers every name with NXDOMAIN (the fuzz test verifies domains too).
  const dns = overrides.dnsServers ? null : await startDnsServer(new Map());
  const config = loadConfig(
    { DATA_DIR: dataDir, SECRET: testSecret, LOG_LEVEL: 'silent', JOBS_WORKER: '0' },
    { ...(dns ? { dnsServers: [dns.address] } : {}), ...overrides },
  );
  // The app's ssr plugin imports the web build, and Fastify gives a plugin 10 s to start: on a loaded
  // machine the first import can take longer. Imported here first, the plugin finds it loaded.
  await loadWebBuild({ config } as AppContext);
  const { db, pool } = createDatabase(withDatabase(serverUrl, name));
  const app = await buildApp({ config, db });
  await app.ready();

  return {
    app,
    async close(o) {
      await app.close();
      await dns?.close();
      await pool.end();
      if (o?.keep) return;
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app, closed and its database and DATA_DIR dropped after the file. */
function closedAfterAll({ app, close }: OpenApp): TestApp {
  afterAll(() => close());
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
