import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mediaKeyFromUrl, mediaVariantUrl } from '@stashblog/contract/paths';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../src/db/schema/businesses.ts';
import { mailOutbox } from '../src/db/schema/mail-outbox.ts';
import { media } from '../src/db/schema/media.ts';
import { appNodes, stopNode } from './app-nodes.ts';
import { freePort, startSmtpSink } from './smtp-sink.ts';
import { addProduct } from './storefront-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { human } from './test-form.ts';

// The real server (src/main.ts) as a child process on a test database: a kill -9 right after an
// enquiry committed, before its mail and push went out, loses neither, and sends neither twice,
// also with two nodes working the queue (decision 038); one right after an upload loses none of its
// image widths (decision 045).
let app: TestApp;
let nodes: ReturnType<typeof appNodes>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let smtpPort: number;
let pushServer: Server;
let pushOrigin: string;
const pushes: string[] = [];
let productId: string;
let ownerToken: string;
let ownerBusinessId: string;
const ownerEmail = 'crash-shop@example.test';

/** A node of this test: mail to the sink, push to the push server; with or without a job worker. */
const startNode = ({ worker, dataDir }: { worker: boolean; dataDir?: string }) =>
  nodes.start({
    dataDir,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUSH_ENDPOINT_ORIGINS: pushOrigin, JOBS_WORKER: worker ? '1' : '0' },
  });

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
  nodes = appNodes(app.ctx.db.$client.options.connectionString as string);
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

  const { businessId, token } = await app.owner('crash-shop');
  ownerToken = token;
  ownerBusinessId = businessId;
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
  await nodes.stopAll('SIGKILL');
  await sink?.close();
  await new Promise<void>((resolve) => pushServer.close(() => resolve()));
}, 30_000);

describe('a node killed with SIGKILL between an enquiry and its mail and push', () => {
  it('commits the jobs with the lead; after a restart both go out, each exactly once', async () => {
    // A node that stores enquiries but runs no jobs: killed before any job of the enquiry could run.
    const first = await startNode({ worker: false });
    const res = await enquire(first.base, 'Meera');
    expect(res.status).toBe(201);
    const leadId = ((await res.json()) as { payload: { id: string } }).payload.id;
    await stopNode(first.child, 'SIGKILL');
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
    await Promise.all([a, b].map((n) => stopNode(n.child, 'SIGTERM')));
  }, 300_000);
});

describe('a node killed with SIGKILL between an upload and its image widths', () => {
  it('commits the job with the ready image; a restarted node on the same data makes the widths', async () => {
    const first = await startNode({ worker: false });
    const created = await fetch(`${first.base}/api/userAdmin/products/create`, {
      method: 'POST',
      headers: { authorization: ownerToken, 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'Kettles', productName: 'Steel kettle', description: 'Shiny', images: ['kettle.png'] }),
    });
    expect(created.status).toBe(201);
    const { product, productImagesPreSignedUrls } = (
      (await created.json()) as {
        payload: { product: { images: string[] }; productImagesPreSignedUrls: { url: string }[] };
      }
    ).payload;
    const image = product.images[0] as string;
    const mediaId = mediaKeyFromUrl(image) as string;
    // the signed url is on PUBLIC_URL; the same path and signature, sent to this node
    const signed = new URL(productImagesPreSignedUrls[0]?.url as string);
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#b87333' } })
      .png()
      .toBuffer();
    const put = await fetch(`${first.base}${signed.pathname}${signed.search}`, { method: 'PUT', body: png });
    expect(put.status).toBe(200);
    const early = await fetch(`${first.base}${mediaVariantUrl(image, 640)}`, { redirect: 'manual' });
    expect(early.status).toBe(302);
    expect(early.headers.get('location')).toBe(image);
    await stopNode(first.child, 'SIGKILL');

    // the image is ready, its job waits, and one transaction wrote both
    const [row] = (
      await app.ctx.db.execute<{ xmin: string; status: string; variant_widths: number[] }>(
        sql`select xmin::text as xmin, status, variant_widths from media where id = ${mediaId}`,
      )
    ).rows;
    expect(row).toMatchObject({ status: 'ready', variant_widths: [] });
    const jobs = await queuedJobs();
    expect(jobs.map((j) => [j.type, j.payload])).toEqual([['media:variants', { businessId: ownerBusinessId, mediaId }]]);
    expect(jobs[0]?.xmin).toBe(row?.xmin);

    // a node started on the same files and database makes them
    const second = await startNode({ worker: true, dataDir: first.dataDir });
    await queueDrained();
    const [done] = await app.ctx.db.select({ widths: media.variantWidths }).from(media).where(eq(media.id, mediaId));
    expect(done?.widths).toEqual([320, 640, 960]);
    const webp = await fetch(`${second.base}${mediaVariantUrl(image, 640)}`, { redirect: 'manual' });
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 640 });
  }, 300_000);
});
