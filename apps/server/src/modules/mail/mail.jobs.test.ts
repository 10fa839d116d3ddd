import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsOf, retryJobsNow } from '../../../test/jobs.ts';
import { freePort, startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { leads } from '../../db/schema/leads.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { human } from '../anti-spam/test-form.ts';
import { insertProducts } from '../catalogues/test-products.ts';
import { queueMail } from './mail.service.ts';

let app: TestApp;
let port: number;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | null = null;
let owner: Awaited<ReturnType<TestApp['owner']>>;
let productId: string;

beforeAll(async () => {
  port = await freePort();
  // SMTP points at a port where nothing listens yet: the mail server is down.
  app = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  owner = await app.owner('smtp-shop');
  [productId] = await insertProducts(app, owner.businessId, [{ productName: 'Brass lamp' }]);
});
afterAll(async () => {
  await sink?.close();
});

const ownerMail = async () => (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email)))[0];

function enquire(name: string, address: string) {
  return app.inject({
    method: 'POST',
    url: '/api/public/products/createLead',
    payload: {
      name,
      email: 'asha@example.test',
      phoneNo: '9876543210',
      businessName: 'smtp-shop',
      fkProductId: productId,
      ...human('product-lead'),
    },
    remoteAddress: address,
  });
}

describe('SMTP mail is a job, with the mail server down, then back', () => {
  it('stores the lead and its mail job at once and delivers the mail once the server is back', async () => {
    const res = await enquire('Asha', '10.8.0.1');
    expect(res.statusCode).toBe(201);
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.id, res.json().payload.id));
    expect(lead).toMatchObject({ name: 'Asha', productName: 'Brass lamp' });
    const queued = await ownerMail();
    expect(queued).toMatchObject({ transport: 'smtp', sentAt: null, attempts: 0 });
    expect(await jobsOf(app, 'mail:send')).toMatchObject([{ attempts: 0, payload: { mailId: queued.id } }]);

    // Delivery is tried and fails: the mail waits, with the error, and its job waits for a retry.
    await runDueJobs(app.ctx);
    const waiting = await ownerMail();
    expect(waiting).toMatchObject({ transport: 'smtp', sentAt: null, failedAt: null, attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    const [retrying] = await jobsOf(app, 'mail:send');
    expect(retrying).toMatchObject({ attempts: 1, max_attempts: 12 });
    // not due yet (back-off): running the due jobs again sends nothing
    await runDueJobs(app.ctx);
    expect((await ownerMail()).attempts).toBe(1);

    sink = await startSmtpSink(port);
    await retryJobsNow(app);
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0];
    expect(mail.to).toEqual([`<${owner.email}>`]);
    expect(mail.data).toContain('New enquiry from Asha for Brass lamp');
    expect(mail.data).toContain('9876543210');
    expect(await ownerMail()).toMatchObject({ attempts: 2, lastError: null, failedAt: null });
    expect((await ownerMail()).sentAt).not.toBeNull();
    // Sent once: the job is done and gone, nothing else is due.
    expect(await jobsOf(app, 'mail:send')).toEqual([]);
    await retryJobsNow(app);
    expect(sink.received).toHaveLength(1);
  });

  it('marks the mail failed once its job has used up its attempts', async () => {
    await sink?.close();
    sink = null;
    await app.ctx.db.delete(mailOutbox);
    expect((await enquire('Ravi', '10.8.0.2')).statusCode).toBe(201);
    await retryJobsNow(app, { attempts: 11 });
    expect(await ownerMail()).toMatchObject({ sentAt: null, attempts: 1 });
    expect((await ownerMail()).failedAt).not.toBeNull();
    // the job stays, failed for good: no later run sends it
    expect(await jobsOf(app, 'mail:send')).toMatchObject([{ attempts: 12, max_attempts: 12 }]);
    sink = await startSmtpSink(port);
    await retryJobsNow(app);
    expect(sink.received).toHaveLength(0);
  });

  it('adds the job in the transaction of the write: a rolled-back write leaves no job and no mail', async () => {
    await app.ctx.db.delete(mailOutbox);
    const before = await jobsOf(app);
    const write = app.ctx.db.transaction(async (tx) => {
      await queueMail(app.ctx, tx, { businessId: owner.businessId, mail: { to: owner.email, subject: 'Never', text: 'rolled back' } });
      throw new Error('the write failed after the mail was queued');
    });
    await expect(write).rejects.toThrow('the write failed');
    expect(await jobsOf(app)).toEqual(before);
    expect(await ownerMail()).toBeUndefined();
  });
});
