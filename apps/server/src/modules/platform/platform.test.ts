import { encodePassword } from '@stashblog/contract/auth';
import { type JobQueuePayload, platformTexts } from '@stashblog/contract/platform';
import { specTexts } from '@stashblog/contract/spec-texts';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { retryJobsNow } from '../../../test/jobs.ts';
import { addCatalogue, addProduct, updateBusiness } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { platformAudit } from '../../db/schema/platform.ts';
import { products } from '../../db/schema/products.ts';
import { addJob } from '../../jobs/queue.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { createSession } from '../auth/auth.service.ts';
import { createBusiness } from '../businesses/businesses.service.ts';
import { createPlatformAdmin } from './platform-auth.service.ts';

let app: TestApp;
let adminToken: string;

beforeAll(async () => {
  app = await createTestApp();
  await createPlatformAdmin(app.ctx, { email: 'ops@stash.test', name: 'Ops', password: 'platform-pass-1' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/platform/logIn',
    payload: { email: 'OPS@stash.test', password: encodePassword('platform-pass-1') },
  });
  expect(res.statusCode, res.body).toBe(201);
  adminToken = res.json().payload.authorization;
});

async function newOwner(businessName: string) {
  const { id } = await createBusiness(app.ctx, {
    businessName,
    name: businessName,
    email: `${businessName}@example.test`,
    password: 'pw-123456789',
  });
  return { token: await createSession(app.ctx, id), businessId: id, businessName };
}

function platform(method: 'GET' | 'PUT', path: string, data?: object, token = adminToken) {
  return app.inject({
    method,
    url: `/api/platform/${path}`,
    headers: token ? { authorization: token } : {},
    ...(method === 'GET' ? { query: data as Record<string, string> } : data ? { payload: data } : {}),
  });
}

describe('platform admin accounts', () => {
  it('refuses a wrong password and a duplicate admin; owners cannot sign in there', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/platform/logIn',
      payload: { email: 'ops@stash.test', password: encodePassword('nope-nope-nope') },
    });
    expect(wrong.statusCode).toBe(401);
    await newOwner('owner-signin');
    const owner = await app.inject({
      method: 'POST',
      url: '/api/auth/platform/logIn',
      payload: { email: 'owner-signin@example.test', password: encodePassword('pw-123456789') },
    });
    expect(owner.statusCode).toBe(401);
    await expect(createPlatformAdmin(app.ctx, { email: 'ops@stash.test', name: 'Again', password: 'platform-pass-2' })).rejects.toThrow(
      /already exists/,
    );
    await expect(createPlatformAdmin(app.ctx, { email: 'short@stash.test', name: 'Short', password: 'short' })).rejects.toThrow(
      /8 characters/,
    );
  });

  it('tells who is signed in, and a platform session ends on log out', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/platform/logIn',
      payload: { email: 'ops@stash.test', password: encodePassword('platform-pass-1') },
    });
    const token = login.json().payload.authorization;
    const me = await platform('GET', 'me', {}, token);
    expect(me.json().payload.admin).toEqual({ name: 'Ops', email: 'ops@stash.test' });
    expect((await platform('PUT', 'logOut', {}, token)).statusCode).toBe(200);
    expect((await platform('GET', 'me', {}, token)).statusCode).toBe(403);
  });

  it('every /api/platform route answers 403 to an owner and to anonymous callers', async () => {
    const owner = await newOwner('nosy-owner');
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    // The TLS ask endpoint is for the proxy (which has no account); it only says whether a host is served.
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/platform/') && path !== '/api/platform/domains/allowed')
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => ({ path, method: m.toUpperCase() })));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const before = await app.ctx.db.select().from(businesses).where(eq(businesses.id, owner.businessId));
    for (const { path, method } of routes) {
      for (const headers of [{ authorization: owner.token }, {}]) {
        const res = await app.inject({
          method: method as 'GET',
          url: path,
          headers,
          ...(method === 'GET' ? {} : { payload: { id: owner.businessId, isBlocked: true, isPrimeUser: true, reason: 'x' } }),
        });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().error).toBe(platformTexts.forbidden);
      }
    }
    const after = await app.ctx.db.select().from(businesses).where(eq(businesses.id, owner.businessId));
    expect(after).toEqual(before);
    expect(await app.ctx.db.select().from(platformAudit).where(eq(platformAudit.businessId, owner.businessId))).toEqual([]);
  });
});

describe('businesses list', () => {
  it('lists businesses with plan, counts and last activity; searches and pages', async () => {
    const a = await newOwner('list-alpha');
    await newOwner('list-beta');
    await addProduct(app.ctx, a.businessId);
    await addProduct(app.ctx, a.businessId, { isPublic: false });
    await addCatalogue(app.ctx, a.businessId);
    const res = await platform('GET', 'businesses', { searchQuery: 'list-alp' });
    expect(res.statusCode, res.body).toBe(200);
    const { businesses: list, count } = res.json().payload;
    expect(count).toBe(1);
    expect(list[0]).toMatchObject({
      businessName: 'list-alpha',
      plan: 'Basic',
      productCount: 2,
      catalogueCount: 1,
      leadCount: 0,
      isBlocked: false,
      emailVerified: true,
    });
    expect(Date.parse(list[0].lastActivityAt)).toBeGreaterThan(Date.now() - 60_000);
    const page = await platform('GET', 'businesses', { searchQuery: 'list-', perPage: '1', pageNo: '2' });
    expect(page.json().payload.count).toBe(2);
    expect(page.json().payload.businesses.map((b: { businessName: string }) => b.businessName)).toEqual(['list-alpha']);
    // hostile search text is a literal, never a pattern or an error
    const odd = await platform('GET', 'businesses', { searchQuery: "%_\\'" });
    expect(odd.statusCode).toBe(200);
    expect(odd.json().payload.count).toBe(0);
  });
});

describe('blocking', () => {
  it('a blocked product leaves the storefront and directory, the owner sees the SPEC text; unblocking restores it', async () => {
    const owner = await newOwner('blocky');
    const { id } = await addProduct(app.ctx, owner.businessId, { name: 'Forbidden lamp' });
    await updateBusiness(app.ctx, owner.businessId, { isPrimeUser: false });
    const storeList = () => app.inject({ url: '/api/public/products/fetchAll', query: { businessName: 'blocky' } });
    const directory = () => app.inject({ url: '/api/public/products/fetchAllUsers', query: { searchQuery: 'Forbidden' } });
    const search = () => app.inject({ url: '/api/public/user/search', query: { searchQuery: 'forbidden', businessName: 'blocky' } });
    expect((await storeList()).json().payload.products).toHaveLength(1);
    expect((await search()).json().payload.count).toBe(1);
    expect((await directory()).json().payload.products).toHaveLength(1);

    const refused = await platform('PUT', 'products/block', { businessId: owner.businessId, id, isBlocked: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(platformTexts.reasonRequired);

    const block = await platform('PUT', 'products/block', { businessId: owner.businessId, id, isBlocked: true, reason: 'Counterfeit' });
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json().payload.status).toBe(true);

    expect((await storeList()).json().payload.products).toEqual([]);
    expect((await directory()).json().payload.products).toEqual([]);
    expect((await search()).json().payload.count).toBe(0);
    const page = await app.inject({ url: '/api/public/products/fetch', query: { businessName: 'blocky', id } });
    expect(page.statusCode).toBe(404);

    // the owner still sees it, flagged, and any change is refused with the SPEC text
    const own = await app.inject({ url: '/api/userAdmin/products/fetch', query: { id }, headers: { authorization: owner.token } });
    expect(own.json().payload.product.isBlocked).toBe(true);
    const toggle = await app.inject({
      method: 'PUT',
      url: '/api/userAdmin/products/updateStatus',
      payload: { id },
      headers: { authorization: owner.token },
    });
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json().error).toBe(specTexts.productBlocked);

    const audit = await platform('GET', 'audit', { businessId: owner.businessId });
    expect(audit.json().payload.entries).toMatchObject([
      {
        action: 'product.block',
        targetType: 'product',
        targetId: id,
        reason: 'Counterfeit',
        adminEmail: 'ops@stash.test',
        businessName: 'blocky',
      },
    ]);

    await platform('PUT', 'products/block', { businessId: owner.businessId, id, isBlocked: false });
    expect((await storeList()).json().payload.products).toHaveLength(1);
    expect((await platform('GET', 'audit', { businessId: owner.businessId })).json().payload.count).toBe(2);
  });

  it('blocks a catalogue and a user; unknown or mismatched ids answer 404 and change nothing', async () => {
    const owner = await newOwner('blocky-two');
    const other = await newOwner('blocky-other');
    const { id: catalogueId } = await addCatalogue(app.ctx, owner.businessId);
    const { id: productId } = await addProduct(app.ctx, owner.businessId);

    const wrongBusiness = await platform('PUT', 'products/block', {
      businessId: other.businessId,
      id: productId,
      isBlocked: true,
      reason: 'x',
    });
    expect(wrongBusiness.statusCode).toBe(404);
    const [row] = await app.ctx.db.select().from(products).where(eq(products.id, productId));
    expect(row.isBlocked).toBe(false);
    for (const bad of ['', 'not-a-uuid', uuidv7(), "'; drop table products; --"]) {
      expect((await platform('PUT', 'users/block', { id: bad, isBlocked: true, reason: 'x' })).statusCode).toBe(404);
      expect(
        (await platform('PUT', 'catalogues/block', { businessId: owner.businessId, id: bad, isBlocked: true, reason: 'x' })).statusCode,
      ).toBe(404);
    }

    const cat = await platform('PUT', 'catalogues/block', {
      businessId: owner.businessId,
      id: catalogueId,
      isBlocked: true,
      reason: 'Misleading',
    });
    expect(cat.statusCode).toBe(200);
    const pubCats = await app.inject({ url: '/api/public/catalogues/fetchAll', query: { businessName: 'blocky-two' } });
    expect(pubCats.json().payload.catalogues).toEqual([]);
    const ownCat = await app.inject({
      method: 'PUT',
      url: '/api/userAdmin/catalogues/updateStatus',
      payload: { id: catalogueId },
      headers: { authorization: owner.token },
    });
    expect(ownCat.json().error).toBe(specTexts.catalogueBlocked);

    const user = await platform('PUT', 'users/block', { id: owner.businessId, isBlocked: true, reason: 'Fraud' });
    expect(user.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/public/products/fetchAll', query: { businessName: 'blocky-two' } })).statusCode).toBe(404);
    const fetched = await app.inject({ url: '/api/auth/user/fetch', headers: { authorization: owner.token } });
    expect(fetched.json().payload.user.isBlocked).toBe(true);
    const blockedList = await platform('GET', 'businesses', { isBlocked: 'true', searchQuery: 'blocky-two' });
    expect(blockedList.json().payload.businesses.map((b: { businessName: string }) => b.businessName)).toEqual(['blocky-two']);
  });

  it('lists products and catalogues of one business for blocking', async () => {
    const owner = await newOwner('items-biz');
    await addProduct(app.ctx, owner.businessId, { name: 'Clay pot' });
    await addCatalogue(app.ctx, owner.businessId);
    const list = await platform('GET', 'products', { businessId: owner.businessId });
    expect(list.json().payload).toMatchObject({ count: 1, items: [{ name: 'Clay pot', businessName: 'items-biz', isBlocked: false }] });
    const cats = await platform('GET', 'catalogues', { businessId: owner.businessId });
    expect(cats.json().payload.count).toBe(1);
    expect((await platform('GET', 'products', { businessId: 'nope' })).json().payload.count).toBe(0);
  });
});

describe('prime users, mail outbox', () => {
  it('marks a prime user (directory filter) and audits it', async () => {
    const owner = await newOwner('prime-biz');
    const res = await platform('PUT', 'users/prime', { id: owner.businessId, isPrimeUser: true });
    expect(res.json().payload.status).toBe(true);
    const prime = await app.inject({ url: '/api/public/user/fetchAll', query: { isPrimeUser: 'true' } });
    expect(prime.json().payload.userProfiles.map((p: { businessName: string }) => p.businessName)).toContain('prime-biz');
    const audit = await platform('GET', 'audit', { action: 'user.prime' });
    expect(audit.json().payload.entries[0]).toMatchObject({ targetId: owner.businessId, businessName: 'prime-biz' });
  });

  it('shows the mail outbox with its delivery state', async () => {
    const owner = await newOwner('mail-biz');
    await app.ctx.db.insert(mailOutbox).values([
      { id: uuidv7(), businessId: owner.businessId, to: 'a@x.test', subject: 'Pending one', body: 'hello' },
      {
        id: uuidv7(),
        businessId: owner.businessId,
        to: 'b@x.test',
        subject: 'Sent one',
        body: 'hi',
        sentAt: new Date(),
        transport: 'smtp',
        attempts: 1,
      },
      {
        id: uuidv7(),
        businessId: owner.businessId,
        to: 'c@x.test',
        subject: 'Retrying one',
        body: 'yo',
        transport: 'smtp',
        attempts: 2,
        lastError: 'ECONNREFUSED',
      },
      {
        id: uuidv7(),
        businessId: owner.businessId,
        to: 'd@x.test',
        subject: 'Failed one',
        body: 'yo',
        transport: 'smtp',
        attempts: 12,
        lastError: 'ECONNREFUSED',
        failedAt: new Date(),
      },
    ]);
    const all = await platform('GET', 'mail', { searchQuery: 'one' });
    expect(all.json().payload.count).toBe(4);
    const failed = await platform('GET', 'mail', { state: 'failed', searchQuery: 'one' });
    expect(failed.json().payload.mails).toMatchObject([
      { subject: 'Failed one', state: 'failed', attempts: 12, error: 'ECONNREFUSED', transport: 'smtp' },
    ]);
    const sent = await platform('GET', 'mail', { state: 'sent', searchQuery: 'one' });
    expect(sent.json().payload.mails).toMatchObject([{ subject: 'Sent one', state: 'sent', businessName: 'mail-biz' }]);
    // pending: waiting, or being retried (its attempts and last error say so)
    const pending = await platform('GET', 'mail', { state: 'pending', searchQuery: 'one' });
    expect(pending.json().payload.mails).toMatchObject([
      { subject: 'Retrying one', state: 'pending', attempts: 2, error: 'ECONNREFUSED' },
      { subject: 'Pending one', state: 'pending', sentAt: null, transport: 'outbox' },
    ]);
  });

  it('shows the background jobs per type beside the outbox: waiting, retrying with their error, failed for good', async () => {
    const counts = async () => {
      const res = await platform('GET', 'jobs');
      expect(res.statusCode).toBe(200);
      return res.json().payload as JobQueuePayload;
    };
    const of = (p: JobQueuePayload, type: string) => p.types.find((t) => t.type === type);
    expect((await counts()).types.map((t) => t.type).sort()).toEqual(
      [
        'account:sweep-tokens',
        'domains:recheck-due',
        'mail:send',
        'media:variants',
        'products:import',
        'products:sweep-import-zips',
        'push:send',
      ].sort(),
    );
    // This app has no SMTP_URL: a mail job for an SMTP row fails, is retried, then fails for good.
    const mailId = uuidv7();
    await app.ctx.db.transaction(async (tx) => {
      await tx.insert(mailOutbox).values({ id: mailId, to: 'jobs@x.test', subject: 'Job one', body: 'b', transport: 'smtp' });
      await addJob(tx, 'mail:send', { mailId });
    });
    expect(of(await counts(), 'mail:send')).toMatchObject({ queued: 1, running: 0, failed: 0, maxAttempts: 12 });
    await runDueJobs(app.ctx);
    const retrying = await counts();
    expect(of(retrying, 'mail:send')).toMatchObject({ queued: 1, failed: 0 });
    expect(retrying.problems).toMatchObject([
      { type: 'mail:send', state: 'retrying', attempts: 1, error: expect.stringContaining('SMTP_URL') },
    ]);
    expect(Date.parse(retrying.problems[0]?.nextAttemptAt ?? '')).toBeGreaterThan(Date.now());
    await retryJobsNow(app, { attempts: 11 });
    const failed = await counts();
    expect(of(failed, 'mail:send')).toMatchObject({ queued: 0, failed: 1 });
    expect(failed.problems).toMatchObject([{ type: 'mail:send', state: 'failed', attempts: 12, maxAttempts: 12, nextAttemptAt: null }]);
    const outbox = await platform('GET', 'mail', { state: 'failed', searchQuery: 'Job one' });
    expect(outbox.json().payload.mails).toMatchObject([{ subject: 'Job one', state: 'failed', attempts: 2 }]);
    // an owner's session (or none) sees nothing of it
    const owner = await newOwner('jobs-peek');
    expect((await platform('GET', 'jobs', undefined, owner.token)).statusCode).toBe(403);
    expect((await platform('GET', 'jobs', undefined, '')).statusCode).toBe(403);
  });
});
