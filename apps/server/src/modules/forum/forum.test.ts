import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { forumMessages } from '../../db/schema/forum-messages.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { human } from '../anti-spam/test-form.ts';
import { updateBusiness } from '../storefront/storefront.fixtures.ts';

let app: TestApp;
let shop: { businessId: string };
let ip = 0;

beforeAll(async () => {
  app = await createTestApp();
  shop = await app.owner('forum-shop');
  const blocked = await app.owner('forum-blocked');
  await updateBusiness(app.ctx, blocked.businessId, { isBlocked: true });
});

const valid = {
  businessName: 'forum-shop',
  name: 'Ravi',
  email: 'ravi@example.test',
  subject: 'Bulk order',
  message: 'Do you ship to Pune?',
};
// A fresh address per call keeps the per-IP rate limit out of the tests that are not about it.
const send = (payload: object, remoteAddress = `10.3.0.${++ip}`) =>
  app.inject({ method: 'POST', url: '/api/public/user/createForum', payload: { ...human('forum'), ...payload }, remoteAddress });

describe('createForum', () => {
  it('stores the message and notifies the owner', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 201, message: serverTexts.forumSent, error: null });
    const [stored] = await app.ctx.db.select().from(forumMessages).where(eq(forumMessages.id, res.json().payload._id));
    expect(stored).toMatchObject({ businessId: shop.businessId, name: 'Ravi', email: 'ravi@example.test', subject: 'Bulk order' });
    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.businessId, shop.businessId));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      redirect: '/userAdmin/forum',
      isMarkedRead: false,
      notification: serverTexts.forumNotification('Ravi', 'Bulk order'),
    });
  });

  it('reports Name, then Message, then Email (SPEC §5), with subject optional', async () => {
    const errorOf = async (payload: object) => (await send(payload)).json().error;
    expect(await errorOf({ businessName: 'forum-shop' })).toBe(specTexts.contactNameRequired);
    expect(await errorOf({ ...valid, name: '  ', message: '', email: '' })).toBe(specTexts.contactNameRequired);
    expect(await errorOf({ ...valid, message: ' ', email: '' })).toBe(specTexts.contactMessageRequired);
    expect(await errorOf({ ...valid, email: '' })).toBe(specTexts.contactEmailRequired);
    expect(await errorOf({ ...valid, email: 'not-an-email' })).toBe(specTexts.contactEmailInvalid);
    const noSubject = await send({ ...valid, subject: undefined });
    expect(noSubject.statusCode).toBe(201);
    const [stored] = await app.ctx.db.select().from(forumMessages).where(eq(forumMessages.id, noSubject.json().payload._id));
    expect(stored.subject).toBe('');
  });

  it('answers 404 for unknown and blocked businesses, storing nothing', async () => {
    expect((await send({ ...valid, businessName: 'nobody' })).statusCode).toBe(404);
    expect((await send({ ...valid, businessName: 'forum-blocked' })).statusCode).toBe(404);
    expect((await send({ ...valid, businessName: '' })).statusCode).toBe(404);
  });

  it('never fails on hostile text', async () => {
    const res = await send({ ...valid, name: 'A\u0000B', message: 'x'.repeat(6000) });
    expect(res.statusCode).toBe(400);
    const nul = await send({ ...valid, name: 'A\u0000B' });
    expect(nul.statusCode).toBe(201);
  });

  it('limits each address to 10 messages a minute', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await send(valid, '10.4.4.4')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('owner forum list (fetchForums / deleteForum)', () => {
  let owner: Awaited<ReturnType<TestApp['owner']>>;
  let other: Awaited<ReturnType<TestApp['owner']>>;
  const list = (o: { token: string }, query: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/api/userAdmin/user/fetchForums', query, headers: { authorization: o.token } });
  const del = (o: { token: string }, id: string) =>
    app.inject({ method: 'DELETE', url: '/api/userAdmin/user/deleteForum', payload: { id }, headers: { authorization: o.token } });

  beforeAll(async () => {
    owner = await app.owner('forum-list');
    other = await app.owner('forum-list-b');
    for (let i = 0; i < 14; i++) {
      await send({ ...valid, businessName: 'forum-list', name: `Visitor ${i}`, subject: i === 13 ? '' : `Subject ${i}` });
    }
    await send({ ...valid, businessName: 'forum-list-b', name: 'Theirs' });
  });

  it('pages 12 newest first with the count; search matches name, email, subject, message', async () => {
    const first = (await list(owner)).json().payload;
    expect(first.count).toBe(14);
    expect(first.forums).toHaveLength(12);
    expect(first.forums[0]).toMatchObject({ name: 'Visitor 13', subject: '', businessName: 'forum-list', email: 'ravi@example.test' });
    expect((await list(owner, { pageNo: '2' })).json().payload.forums).toHaveLength(2);
    const found = (await list(owner, { search: 'subject 1' })).json().payload;
    expect(found.forums.map((f: { name: string }) => f.name).sort()).toEqual(['Visitor 1', 'Visitor 10', 'Visitor 11', 'Visitor 12']);
    expect((await list(owner, { search: '%' })).json().payload.count).toBe(0);
  });

  it("never shows or deletes another owner's messages", async () => {
    const theirs = (await list(other)).json().payload.forums;
    expect(theirs).toHaveLength(1);
    expect((await list(owner, { search: 'Theirs' })).json().payload.count).toBe(0);
    const res = await del(owner, theirs[0]._id);
    expect(res.statusCode).toBe(404);
    expect((await list(other)).json().payload.count).toBe(1);
    expect((await del(owner, 'junk')).statusCode).toBe(404);
  });

  it('deletes its own message', async () => {
    const [top] = (await list(owner)).json().payload.forums;
    expect((await del(owner, top._id)).statusCode).toBe(200);
    expect((await list(owner)).json().payload.count).toBe(13);
  });
});
