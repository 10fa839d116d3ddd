import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { human } from '../../../test/test-form.ts';
import { insertProducts } from '../../../test/test-products.ts';
import { leads } from '../../db/schema/leads.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { nextAttemptDelayMs } from './mail-delivery.ts';

let app: TestApp;
let port: number;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | null = null;
let owner: Awaited<ReturnType<TestApp['owner']>>;
let productId: string;

beforeAll(async () => {
  port = await freePort();
  // SMTP points at a port where nothing listens yet: the mail server is down.
  app = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailRetryMs: 200 });
  owner = await app.owner('smtp-shop');
  [productId] = await insertProducts(app, owner.businessId, [{ productName: 'Brass lamp' }]);
});
afterAll(async () => {
  await sink?.close();
});

describe('SMTP transport with the mail server down, then back', () => {
  it('stores the lead at once and delivers its mail once the server is back', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/products/createLead',
      payload: {
        name: 'Asha',
        email: 'asha@example.test',
        phoneNo: '9876543210',
        businessName: 'smtp-shop',
        fkProductId: productId,
        ...human('product-lead'),
      },
      remoteAddress: '10.8.0.1',
    });
    expect(res.statusCode).toBe(201);
    const [lead] = await app.ctx.db.select().from(leads).where(eq(leads.id, res.json().payload.id));
    expect(lead).toMatchObject({ name: 'Asha', productName: 'Brass lamp' });

    // Delivery was tried and failed; the mail waits in the outbox for a retry.
    await expect
      .poll(async () => (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email)))[0]?.attempts ?? 0, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const [waiting] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(waiting).toMatchObject({ transport: 'smtp', sentAt: null });
    expect(waiting.lastError).toBeTruthy();

    sink = await startSmtpSink(port);
    await expect.poll(() => sink?.received.length, { timeout: 15_000, interval: 100 }).toBe(1);
    const mail = sink.received[0];
    expect(mail.to).toEqual([`<${owner.email}>`]);
    expect(mail.data).toContain('New enquiry from Asha for Brass lamp');
    expect(mail.data).toContain('9876543210');
    await expect
      .poll(async () => (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email)))[0].sentAt)
      .not.toBeNull();
    // Sent once: later rounds find nothing due.
    await app.ctx.mail.deliverDue();
    expect(sink.received).toHaveLength(1);
  });

  it('backs off exponentially, at most 30 minutes', () => {
    expect([1, 2, 3, 4].map((n) => nextAttemptDelayMs(1000, n))).toEqual([1000, 2000, 4000, 8000]);
    expect(nextAttemptDelayMs(30_000, 40)).toBe(30 * 60_000);
  });
});
