import { antiSpamMessages } from '@stashblog/contract/anti-spam';
import { limits } from '@stashblog/contract/limits';
import { badgeText, notificationMessages } from '@stashblog/contract/notifications';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { human } from '../anti-spam/test-form.ts';

let app: TestApp;
type Owner = Awaited<ReturnType<TestApp['owner']>>;
let a: Owner;
let b: Owner;
let ip = 0;

const N = '/api/userAdmin/notification';
const call = (o: Owner, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, args: Record<string, unknown> = {}) =>
  method === 'GET'
    ? app.inject({
        method,
        url: `${N}/${path}`,
        query: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)])),
        headers: { authorization: o.token },
      })
    : app.inject({ method, url: `${N}/${path}`, payload: args, headers: { authorization: o.token } });
const publicCreate = (payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/public/notifications/create',
    payload: { ...human(), ...payload },
    remoteAddress: `10.7.0.${++ip}`,
  });

async function seed(o: Owner, n: number, prefix: string) {
  for (let i = 0; i < n; i++) {
    const res = await call(o, 'POST', 'create', { notification: `${prefix} ${i}`, redirect: `/userAdmin/products` });
    expect(res.statusCode).toBe(201);
  }
}

beforeAll(async () => {
  app = await createTestApp();
  a = await app.owner('note-a');
  b = await app.owner('note-b');
  await seed(a, 20, 'A');
  await seed(b, 2, 'B');
});

describe('admin notifications', () => {
  it('pages 15 at a time, newest first, with code 200 and the total (page 0 reads as 1)', async () => {
    const first = await call(a, 'GET', 'fetchAll', { pageNo: 0 });
    expect(first.statusCode).toBe(200);
    expect(first.json().code).toBe(200);
    const { notifications: page1, total } = first.json().payload;
    expect(total).toBe(20);
    expect(page1).toHaveLength(limits.notificationsPage);
    expect(page1[0]).toMatchObject({ notification: 'A 19', isMarkedRead: false, redirect: '/userAdmin/products' });
    const second = (await call(a, 'GET', 'fetchAll', { pageNo: 2 })).json().payload.notifications;
    expect(second).toHaveLength(5);
    expect((await call(a, 'GET', 'fetchAll', { pageNo: 1 })).json().payload.notifications).toEqual(page1);
  });

  it('counts new ones; mark-as-read moves one from New to Read; filters are independent lists', async () => {
    expect((await call(a, 'GET', 'count')).json().payload.total).toBe(20);
    const [top] = (await call(a, 'GET', 'fetchAll', { filter: 'New' })).json().payload.notifications;
    const marked = await call(a, 'PUT', 'markAsRead', { id: top._id });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().message).toBe(notificationMessages.markedRead);
    expect((await call(a, 'GET', 'count')).json().payload.total).toBe(19);
    const read = (await call(a, 'GET', 'fetchAll', { filter: 'Read' })).json().payload;
    expect(read.total).toBe(1);
    expect(read.notifications[0]).toMatchObject({ _id: top._id, isMarkedRead: true });
    expect((await call(a, 'GET', 'fetchAll', { filter: 'New' })).json().payload.total).toBe(19);
    expect((await call(a, 'GET', 'fetchAll', { filter: 'bogus' })).json().payload.total).toBe(20);
  });

  it("never lets owner B read, mark or delete owner A's notifications", async () => {
    const [theirs] = (await call(a, 'GET', 'fetchAll', { filter: 'New' })).json().payload.notifications;
    expect((await call(b, 'GET', 'fetchAll')).json().payload.total).toBe(2);
    for (const [method, path] of [
      ['PUT', 'markAsRead'],
      ['DELETE', 'delete'],
    ] as const) {
      const res = await call(b, method, path, { id: theirs._id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(notificationMessages.notFound);
    }
    await call(b, 'PUT', 'markAllAsRead');
    await call(b, 'DELETE', 'deleteAll');
    const [still] = await app.ctx.db.select().from(notifications).where(eq(notifications.id, theirs._id));
    expect(still).toMatchObject({ isMarkedRead: false, businessId: a.businessId });
    expect((await call(a, 'GET', 'fetchAll')).json().payload.total).toBe(20);
    expect((await call(b, 'GET', 'fetchAll')).json().payload.total).toBe(0);
  });

  it('deletes one, marks all read, deletes all; junk ids are 404, not 500', async () => {
    const [one] = (await call(a, 'GET', 'fetchAll')).json().payload.notifications;
    expect((await call(a, 'DELETE', 'delete', { id: one._id })).statusCode).toBe(200);
    expect((await call(a, 'DELETE', 'delete', { id: one._id })).statusCode).toBe(404);
    expect((await call(a, 'PUT', 'markAsRead', { id: 'junk' })).statusCode).toBe(404);
    expect((await call(a, 'PUT', 'markAllAsRead')).json().payload.updated).toBeGreaterThan(0);
    expect((await call(a, 'GET', 'count')).json().payload.total).toBe(0);
    expect((await call(a, 'DELETE', 'deleteAll')).json().payload.deleted).toBe(19);
    expect((await call(a, 'GET', 'fetchAll')).json().payload).toEqual({ notifications: [], total: 0 });
  });

  it('needs a sign-in', async () => {
    const res = await app.inject({ method: 'GET', url: `${N}/count` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a redirect to another site and an empty text', async () => {
    expect((await call(a, 'POST', 'create', { notification: 'x', redirect: 'https://evil.example' })).json().error).toBe(
      notificationMessages.redirectInvalid,
    );
    expect((await call(a, 'POST', 'create', { notification: 'x', redirect: '//evil.example' })).statusCode).toBe(400);
    expect((await call(a, 'POST', 'create', { notification: ' ' })).json().error).toBe(notificationMessages.textRequired);
  });
});

describe('public notifications create', () => {
  it("adds a notification to the named business's owner", async () => {
    const res = await publicCreate({
      notification: 'Someone viewed your catalogue',
      businessName: 'note-b',
      redirect: '/userAdmin/catalogues',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().code).toBe(201);
    const list = (await call(b, 'GET', 'fetchAll')).json().payload.notifications;
    expect(list[0]).toMatchObject({ notification: 'Someone viewed your catalogue', redirect: '/userAdmin/catalogues' });
  });

  it('answers 404 for an unknown business and refuses bots', async () => {
    expect((await publicCreate({ notification: 'x', businessName: 'no-such' })).statusCode).toBe(404);
    const bot = await publicCreate({ notification: 'x', businessName: 'note-b', website: 'spam' });
    expect(bot.json().error).toBe(antiSpamMessages.honeypot);
  });
});

describe('badge', () => {
  it("shows the count, '99+' above 99", () => {
    expect([0, 1, 99, 100, 2500].map(badgeText)).toEqual(['0', '1', '99', '99+', '99+']);
  });
});
