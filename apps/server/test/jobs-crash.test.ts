import { type ChildProcess, spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../src/db/schema/businesses.ts';
import { mailOutbox } from '../src/db/schema/mail-outbox.ts';
import { human } from '../src/modules/anti-spam/test-form.ts';
import { addProduct } from '../src/modules/storefront/storefront.fixtures.ts';
import { freePort, startSmtpSink } from './smtp-sink.ts';
import { createTestApp, type TestApp, testSecret } from './test-app.ts';

// The real server (src/main.ts) as a child process on a test database: a kill -9 right after an
// enquiry committed, before its mail and push went out, loses neither, and sends neither twice,
// also with two nodes working the queue (decision 038).
const serverDir = path.resolve(import.meta.dirname, '..');
const children = new Set<ChildProcess>();
const dataDirs: string[] = [];
let app: TestApp;
let databaseUrl: string;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let smtpPort: number;
let pushServer: Server;
let pushOrigin: string;
const pushes: string[] = [];
let productId: string;
const ownerEmail = 'crash-shop@example.test';

async function startNode({ worker }: { worker: boolean }): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stash-crash-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      SECRET: testSecret,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUSH_ENDPOINT_ORIGINS: pushOrigin,
      JOBS_WORKER: worker ? '1' : '0',
      DNS_SERVERS: '127.0.0.1:9',
    },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 150_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`node exited with ${child.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`node on ${port} did not become healthy:\n${out}`);
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** The queue's jobs still there (done ones are deleted), and the transaction id that wrote each. */
async function queuedJobs() {
  const rows = await app.ctx.db.execute<{ type: string; xmin: string; payload: Record<string, string> }>(
    sql`select t.identifier as type, j.xmin::text as xmin, j.payload
        from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id order by j.id`,
  );
  return rows.rows;
}

/** Waits (bounded) until every job is done: none is left in the queue. */
async function queueDrained() {
  await expect.poll(async () => (await queuedJobs()).length, { timeout: 60_000, interval: 100 }).toBe(0);
}

function enquire(base: string, name: string) {
  return fetch(`${base}/api/public/products/createLead`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...human('product-lead'),
      name,
      email: 'visitor@example.test',
      phoneNo: '9876543210',
      businessName: 'crash-shop',
      fkProductId: productId,
    }),
  });
}

beforeAll(async () => {
  app = await createTestApp();
  databaseUrl = app.ctx.db.$client.options.connectionString as string;
  smtpPort = await freePort();
  sink = await startSmtpSink(smtpPort);
  pushServer = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      pushes.push(req.url ?? '');
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;

  const { businessId } = await app.owner('crash-shop');
  ({ id: productId } = await addProduct(app.ctx, businessId, { name: 'Copper kettle' }));
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const subscription = {
    endpoint: `${pushOrigin}/push/crash-shop`,
    keys: { p256dh: browser.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  await app.ctx.db
    .update(businesses)
    .set({ fcmToken: JSON.stringify(subscription) })
    .where(eq(businesses.id, businessId));
}, 60_000);

afterAll(async () => {
  await Promise.all([...children].map((c) => stop(c, 'SIGKILL')));
  await sink?.close();
  await new Promise<void>((resolve) => pushServer.close(() => resolve()));
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
}, 30_000);

describe('a node killed with SIGKILL between an enquiry and its mail and push', () => {
  it('commits the jobs with the lead; after a restart both go out, each exactly once', async () => {
    // A node that stores enquiries but runs no jobs: killed before any job of the enquiry could run.
    const first = await startNode({ worker: false });
    const res = await enquire(first.base, 'Meera');
    expect(res.status).toBe(201);
    const leadId = ((await res.json()) as { payload: { id: string } }).payload.id;
    await stop(first.child, 'SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');

    // The lead, its mail and push jobs were written by one transaction (the same xmin): a job added
    // after the commit, which a kill could separate from its lead, would carry another.
    const [lead] = (await app.ctx.db.execute<{ xmin: string }>(sql`select xmin::text as xmin from leads where id = ${leadId}`)).rows;
    const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, ownerEmail));
    const jobs = await queuedJobs();
    expect(jobs.map((j) => j.type).sort()).toEqual(['mail:send', 'push:send']);
    expect(jobs.find((j) => j.type === 'mail:send')?.payload).toEqual({ mailId: mail?.id });
    for (const job of jobs) expect(job.xmin, job.type).toBe(lead?.xmin);
    expect(sink.received).toHaveLength(0);
    expect(pushes).toHaveLength(0);

    // Restarted as two nodes, both working the queue: the mail and the push go out once.
    const [a, b] = await Promise.all([startNode({ worker: true }), startNode({ worker: true })]);
    await queueDrained();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.to).toEqual([`<${ownerEmail}>`]);
    expect(sink.received[0]?.data).toContain('New enquiry from Meera for Copper kettle');
    expect(pushes).toEqual(['/push/crash-shop']);
    const [sent] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, ownerEmail));
    expect(sent).toMatchObject({ attempts: 1, lastError: null });
    expect(sent?.sentAt).not.toBeNull();

    // More enquiries through both nodes: each mail and push is delivered by one node only.
    const names = ['Anil', 'Bina', 'Chetan', 'Divya', 'Esha'];
    const sentThrough = await Promise.all(names.map((name, i) => enquire(i % 2 ? b.base : a.base, name)));
    expect(sentThrough.map((r) => r.status)).toEqual(names.map(() => 201));
    await queueDrained();
    const subjects = sink.received.map((m) => /New enquiry from (\w+)/.exec(m.data)?.[1]).sort();
    expect(subjects).toEqual(['Meera', ...names].sort());
    expect(pushes).toHaveLength(1 + names.length);
  }, 300_000);
});
