import { antiSpamTexts } from '@stashblog/contract/anti-spam';
import { limits } from '@stashblog/contract/limits';
import { badgeText, type Notification, notificationTexts } from '@stashblog/contract/notifications';
import { generatePrivateLinkCode } from '@stashblog/contract/private-links';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { activities, notifications } from '../../db/schema/notifications.ts';
import { businessCap } from '../anti-spam/anti-spam.service.ts';
import { human } from '../anti-spam/test-form.ts';
import { insertProducts } from '../catalogues/test-products.ts';

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
    payload: { ...human('notification'), ...payload },
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
    expect(marked.json().message).toBe(notificationTexts.markedRead);
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
      expect(res.json().error).toBe(notificationTexts.notFound);
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
      notificationTexts.redirectInvalid,
    );
    expect((await call(a, 'POST', 'create', { notification: 'x', redirect: '//evil.example' })).statusCode).toBe(400);
    expect((await call(a, 'POST', 'create', { notification: ' ' })).json().error).toBe(notificationTexts.textRequired);
  });
});

describe('public notifications create', () => {
  const hour = { unit: 'Hours', amount: 1 } as const;
  /** One of `o`'s private products with a link to it; `opened`: a visitor has opened the link. */
  async function sharedProduct(o: Owner, name: string, opened: boolean) {
    const [productId] = await insertProducts(app, o.businessId, [{ productName: name, isPublic: false }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/userAdmin/products/generatePrivateLink',
      headers: { authorization: o.token },
      payload: { fkProductId: productId, privateLink: generatePrivateLinkCode(), linkExpiresAt: hour },
    });
    const code = res.json().payload.privateLink.privateLink as string;
    if (opened) {
      const view = await app.inject({
        method: 'GET',
        url: '/api/public/products/fetchPrivateLink',
        query: { businessName: o.businessName, privateLink: code, fingerPrint: 'fp-1' },
        remoteAddress: '10.7.9.1',
      });
      expect(view.statusCode).toBe(200);
    }
    return { productId, code, page: `/${o.businessName}/privateLink?pq=${code}` };
  }
  const bell = async (o: Owner) => (await call(o, 'GET', 'fetchAll')).json().payload as { notifications: Notification[]; total: number };

  it("refuses a stranger's free text with a clear 400: nothing reaches the bell", async () => {
    const before = await bell(b);
    const phishing = [
      { notification: 'Your account will be suspended: verify your bank details now', redirect: '/note-a/contactus' },
      { notification: 'Someone viewed your catalogue', redirect: '/userAdmin/catalogues' },
      { notification: 'privateLinkVisit ', redirect: '/userAdmin/products' },
      { notification: '', redirect: '' },
    ];
    for (const payload of phishing) {
      const res = await publicCreate({ ...payload, businessName: 'note-b' });
      expect(res.statusCode, payload.notification).toBe(res.json().error === notificationTexts.unknownEvent ? 400 : 404);
      expect([notificationTexts.unknownEvent, notificationTexts.eventNotFound]).toContain(res.json().error);
    }
    expect((await publicCreate({ notification: 'Verify your bank details', businessName: 'note-b' })).json()).toMatchObject({
      code: 400,
      error: notificationTexts.unknownEvent,
    });
    expect(await bell(b)).toEqual(before);
  });

  it("words a private-link-opened event itself, linking into the owner's own admin, once while unread", async () => {
    const link = await sharedProduct(b, 'Silver ring', true);
    const res = await publicCreate({ notification: 'privateLinkVisit', businessName: 'note-b', redirect: link.page });
    expect(res.statusCode).toBe(201);
    expect(res.json().code).toBe(201);
    const [top] = (await bell(b)).notifications;
    expect(top).toMatchObject({
      _id: res.json().payload._id,
      notification: notificationTexts.privateLinkOpened(link.code, 'Silver ring'),
      redirect: `/userAdmin/products/privateLinks/${link.productId}`,
      isMarkedRead: false,
    });
    const activity = await app.ctx.db.select().from(activities).where(eq(activities.businessId, b.businessId));
    expect(activity.map((a) => a.message)).toContain(top.notification);
    // The same event again while the owner has not read it: the bell keeps one.
    const total = (await bell(b)).total;
    const again = await publicCreate({ notification: 'privateLinkVisit', businessName: 'note-b', redirect: link.page });
    expect(again.json().payload._id).toBe(top._id);
    expect((await bell(b)).total).toBe(total);
  });

  it("answers 404 for an event that did not happen: unknown business, unknown or unopened link, another shop's link", async () => {
    const before = await bell(b);
    const unopened = await sharedProduct(b, 'Gold chain', false);
    const theirs = await sharedProduct(a, 'Their lamp', true);
    const cases = [
      { businessName: 'no-such', redirect: unopened.page },
      { businessName: 'note-b', redirect: unopened.page },
      { businessName: 'note-b', redirect: '/note-b/privateLink?pq=NoSuchCode1234567890' },
      { businessName: 'note-b', redirect: theirs.page.replace('/note-a/', '/note-b/') },
      { businessName: 'note-b', redirect: `/note-b/products?pq=${unopened.code}` },
    ];
    for (const c of cases) expect((await publicCreate({ notification: 'privateLinkVisit', ...c })).statusCode, c.redirect).toBe(404);
    expect(await bell(b)).toEqual(before);
  });

  it("refuses bots and has the forms' per-client and per-business caps, counting accepted events only", async () => {
    const fresh = await app.owner('note-capped');
    const link = await sharedProduct(fresh, 'Copper pot', true);
    const event = { notification: 'privateLinkVisit', businessName: 'note-capped', redirect: link.page };
    const bot = await publicCreate({ ...event, website: 'spam' });
    expect(bot.json().error).toBe(antiSpamTexts.honeypot);
    const noChallenge = await publicCreate({ ...event, challenge: '' });
    expect(noChallenge.json().error).toBe(antiSpamTexts.tooFast);
    const fromOne = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/public/notifications/create',
        payload: { ...human('notification'), ...event },
        remoteAddress: `10.8.0.${i}`,
      });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await fromOne(1)).statusCode);
    expect(codes).toEqual([...Array(10).fill(201), 429]);
    for (let i = 10; i < businessCap.max; i++) expect((await fromOne(2 + Math.floor(i / 10))).statusCode).toBe(201);
    const over = await fromOne(50);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(antiSpamTexts.businessRateLimited);
    expect((await bell(fresh)).total).toBe(1);
  });
});

describe('badge', () => {
  it("shows the count, '99+' above 99", () => {
    expect([0, 1, 99, 100, 2500].map(badgeText)).toEqual(['0', '1', '99', '99+', '99+']);
  });
});
