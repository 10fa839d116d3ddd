import { antiSpam, antiSpamTexts } from '@stashblog/contract/anti-spam';
import { mailTexts } from '@stashblog/contract/mail';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { forumMessages, supportMessages } from '../../db/schema/forum-messages.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { rejectionCounts } from '../anti-spam/anti-spam.service.ts';
import { challengeFor, human } from '../anti-spam/test-form.ts';

let app: TestApp;
let shop: Awaited<ReturnType<TestApp['owner']>>;
let ip = 0;

beforeAll(async () => {
  app = await createTestApp();
  shop = await app.owner('mail-shop');
});

const support = { name: 'Kiran', subject: 'Pricing', message: 'Which plan has custom domains?', email: 'kiran@example.test' };
const post = (url: string, payload: object, remoteAddress = `10.5.0.${++ip}`) =>
  app.inject({ method: 'POST', url, payload, remoteAddress });
const supportCount = async () => (await app.ctx.db.select({ n: count() }).from(supportMessages))[0].n;

describe('POST /api/mail/sendSupportMail', () => {
  it('stores the message and queues a mail to the support address (outbox transport)', async () => {
    const res = await post('/api/mail/sendSupportMail', { ...support, ...human('support') });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 201, message: mailTexts.supportSent, error: null });
    const [stored] = await app.ctx.db.select().from(supportMessages).where(eq(supportMessages.id, res.json().payload._id));
    expect(stored).toMatchObject({ name: 'Kiran', subject: 'Pricing', email: 'kiran@example.test' });
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, app.ctx.config.supportEmail));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ transport: 'outbox', replyTo: 'kiran@example.test', sentAt: null, businessId: null });
    expect(mails[0].body).toContain('Which plan has custom domains?');
  });

  it('reports Name, then Message, then Email (SPEC §5); subject optional', async () => {
    const before = await supportCount();
    const errorOf = async (payload: object) => (await post('/api/mail/sendSupportMail', { ...human('support'), ...payload })).json().error;
    expect(await errorOf({})).toBe(specTexts.contactNameRequired);
    expect(await errorOf({ ...support, name: ' ', message: '', email: '' })).toBe(specTexts.contactNameRequired);
    expect(await errorOf({ ...support, message: '', email: '' })).toBe(specTexts.contactMessageRequired);
    expect(await errorOf({ ...support, email: '' })).toBe(specTexts.contactEmailRequired);
    expect(await errorOf({ ...support, email: 'nope' })).toBe(specTexts.contactEmailInvalid);
    expect(await supportCount()).toBe(before);
    const res = await post('/api/mail/sendSupportMail', { ...support, subject: undefined, ...human('support') });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a filled honeypot, a too-fast submit and missing anti-spam fields with clear errors, counting them, storing nothing', async () => {
    const before = await supportCount();
    const honeypot = await post('/api/mail/sendSupportMail', { ...support, ...human('support', { website: 'http://spam.example' }) });
    expect(honeypot.statusCode).toBe(400);
    expect(honeypot.json().error).toBe(antiSpamTexts.honeypot);
    const fast = await post('/api/mail/sendSupportMail', { ...support, ...human('support', { challenge: challengeFor('support', 300) }) });
    expect(fast.statusCode).toBe(400);
    expect(fast.json().error).toBe(antiSpamTexts.tooFast);
    const bare = await post('/api/mail/sendSupportMail', support);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toBe(antiSpamTexts.missing);
    expect(await supportCount()).toBe(before);
    expect(await rejectionCounts(app.ctx, 'support')).toMatchObject({ honeypot: 1, 'too-fast': 1 });
    // A person who took just the minimum time gets through.
    const person = await post('/api/mail/sendSupportMail', {
      ...support,
      ...human('support', { challenge: challengeFor('support', antiSpam.minFillMs) }),
    });
    expect(person.statusCode).toBe(201);
  });

  it('stores a double submit once and answers the first result again', async () => {
    const before = await supportCount();
    const form = human('support');
    const [a, b] = await Promise.all([
      post('/api/mail/sendSupportMail', { ...support, ...form }),
      post('/api/mail/sendSupportMail', { ...support, ...form }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().payload._id).toBe(b.json().payload._id);
    expect(await supportCount()).toBe(before + 1);
  });

  it('limits each address to 10 a minute, answering a clear 429 and counting the refusals', async () => {
    const codes: number[] = [];
    let last = '';
    for (let i = 0; i < 12; i++) {
      const res = await post('/api/mail/sendSupportMail', { ...support, ...human('support') }, '10.6.6.6');
      codes.push(res.statusCode);
      last = res.json().error;
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    expect(last).toBe(antiSpamTexts.rateLimited);
    await expect.poll(async () => (await rejectionCounts(app.ctx, 'support'))['rate-limit']).toBe(2);
    expect((await post('/api/mail/sendSupportMail', { ...support, ...human('support') }, '10.6.6.7')).statusCode).toBe(201);
  });
});

describe('POST /api/mail/sendMail', () => {
  it("keeps the visitor's mail in the owner's forum list, notifies and mails the owner", async () => {
    const res = await post('/api/mail/sendMail', { ...support, businessName: 'mail-shop', ...human('mail') });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(mailTexts.mailSent);
    const [stored] = await app.ctx.db.select().from(forumMessages).where(eq(forumMessages.id, res.json().payload._id));
    expect(stored).toMatchObject({ businessId: shop.businessId, name: 'Kiran' });
    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.businessId, shop.businessId));
    expect(notes.map((n) => n.notification)).toContain(serverTexts.forumNotification('Kiran', 'Pricing'));
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, shop.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('/userAdmin/forum');
  });

  it('answers 404 for an unknown business and mails nobody', async () => {
    const res = await post('/api/mail/sendMail', { ...support, businessName: 'nobody-here', ...human('mail') });
    expect(res.statusCode).toBe(404);
  });
});
