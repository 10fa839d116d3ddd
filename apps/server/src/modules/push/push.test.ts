import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { profileTexts } from '@stashblog/contract/users';
// @ts-expect-error http_ece ships no types: the receiving side of RFC 8291 web push encryption
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsOf, retryJobsNow } from '../../../test/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addJob } from '../../jobs/queue.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { human } from '../anti-spam/test-form.ts';
import { addProduct } from '../storefront/storefront.fixtures.ts';
import { pushTitle, pushToOwner } from './push.service.ts';

// A local push service: records each request; answers 201, or 410 for endpoints ending in /gone, 503 for /down.
type Received = { url: string; headers: IncomingHttpHeaders; body: Buffer };
const received: Received[] = [];
let pushServer: Server;
let origin: string;
let app: TestApp;

beforeAll(async () => {
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.endsWith('/gone') ? 410 : req.url?.endsWith('/down') ? 503 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
  app = await createTestApp({ pushEndpointOrigins: [origin] });
});
afterAll(() => new Promise<void>((resolve) => pushServer.close(() => resolve())));

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browser(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const subscription = {
    endpoint: `${origin}${path}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
  };
  return { ecdh, auth, subscription, token: JSON.stringify(subscription) };
}

const setFcmt = (token: string, value: string) =>
  app.inject({ method: 'PUT', url: '/api/userAdmin/user/setFCMT', headers: { authorization: token }, payload: { token: value } });

/** Checks the VAPID JWT of a push request against the server's public key and returns its claims. */
function vapidClaims(headers: IncomingHttpHeaders, publicKey: string) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(m).not.toBeNull();
  const [, jwt, k] = m as RegExpExecArray;
  expect(k).toBe(publicKey);
  const [h, p, s] = jwt.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(p, 'base64url').toString());
}

describe('web push', () => {
  it('gives signed-in owners the VAPID public key', async () => {
    const { token } = await app.owner('push-key');
    expect((await app.inject({ method: 'GET', url: '/api/userAdmin/push/publicKey' })).statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/api/userAdmin/push/publicKey', headers: { authorization: token } });
    expect(res.json().payload.publicKey).toBe(app.ctx.config.vapid.publicKey);
    expect(Buffer.from(app.ctx.config.vapid.publicKey, 'base64url')).toHaveLength(65);
  });

  it('refuses subscriptions to push services that are not allowed', async () => {
    const { token } = await app.owner('push-refused');
    for (const endpoint of ['https://evil.test/push', 'http://127.0.0.1:1/push', 'file:///etc/passwd']) {
      const res = await setFcmt(token, JSON.stringify({ endpoint, keys: { p256dh: 'x', auth: 'y' } }));
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error).toBe(profileTexts.pushEndpointRefused);
    }
    expect((await setFcmt(token, '{not json')).statusCode).toBe(400);
    const fcm = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BPk', auth: 'x' } };
    expect((await setFcmt(token, JSON.stringify(fcm))).json()).toMatchObject({ code: 201, payload: { enabled: true } });
  });

  it('delivers an encrypted, VAPID-signed push to the stored subscription', async () => {
    const owner = await app.owner('push-owner');
    const b = browser('/push/owner-1');
    const res = await setFcmt(owner.token, b.token);
    expect(res.json()).toMatchObject({ code: 201, message: profileTexts.pushSaved, payload: { enabled: true } });

    const message = { title: 'New lead', body: 'New enquiry from Asha for Blue Vase', url: '/userAdmin/leads' };
    const before = received.length;
    expect(await pushToOwner(app.ctx, { businessId: owner.businessId, message })).toBe('sent');
    expect(received).toHaveLength(before + 1);
    const got = received[before];
    expect(got.url).toBe('/push/owner-1');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    // The body is ciphertext: the message is not readable without the browser's private key.
    expect(got.body.toString('latin1')).not.toContain('Blue Vase');
    const plain = ece.decrypt(got.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth.toString('base64url') });
    expect(JSON.parse(plain.toString('utf8'))).toEqual(message);
    const claims = vapidClaims(got.headers, app.ctx.config.vapid.publicKey);
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toBe(app.ctx.config.vapid.subject);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  });

  it('sends nothing to owners without a subscription and forgets subscriptions the service says are gone', async () => {
    const quiet = await app.owner('push-quiet');
    const before = received.length;
    expect(await pushToOwner(app.ctx, { businessId: quiet.businessId, message: { title: 't', body: 'b', url: '/' } })).toBe('none');
    expect(received).toHaveLength(before);

    const gone = await app.owner('push-gone');
    await setFcmt(gone.token, browser('/push/gone').token);
    expect(await pushToOwner(app.ctx, { businessId: gone.businessId, message: { title: 't', body: 'b', url: '/' } })).toBe('gone');
    expect(received).toHaveLength(before + 1);
    // forgotten: a second push is not attempted
    expect(await pushToOwner(app.ctx, { businessId: gone.businessId, message: { title: 't', body: 'b', url: '/' } })).toBe('none');
    expect(received).toHaveLength(before + 1);
  });

  it("turns notifications off with an empty token and keeps one owner's subscription from another", async () => {
    const a = await app.owner('push-a');
    const other = await app.owner('push-b');
    await setFcmt(a.token, browser('/push/a').token);
    expect((await setFcmt(other.token, '')).json()).toMatchObject({ code: 201, payload: { enabled: false } });
    const before = received.length;
    expect(await pushToOwner(app.ctx, { businessId: other.businessId, message: { title: 't', body: 'b', url: '/' } })).toBe('none');
    expect(await pushToOwner(app.ctx, { businessId: a.businessId, message: { title: 't', body: 'b', url: '/' } })).toBe('sent');
    expect(received.slice(before).map((r) => r.url)).toEqual(['/push/a']);
    await setFcmt(a.token, '');
    expect(await pushToOwner(app.ctx, { businessId: a.businessId, message: { title: 't', body: 'b', url: '/' } })).toBe('none');
  });

  it('pushes each new lead to the owner through a job stored with the lead, with the notification text and page', async () => {
    const owner = await app.owner('push-leads');
    const { id } = await addProduct(app.ctx, owner.businessId, { name: 'Blue Vase' });
    const b = browser('/push/leads');
    await setFcmt(owner.token, b.token);
    const before = received.length;
    const lead = await app.inject({
      method: 'POST',
      url: '/api/public/products/createLead',
      remoteAddress: '10.7.7.7',
      payload: {
        ...human('product-lead'),
        name: 'Asha',
        email: 'asha@example.test',
        phoneNo: '9876543210',
        businessName: 'push-leads',
        fkProductId: id,
      },
    });
    expect(lead.statusCode).toBe(201);
    // stored with the lead, sent by the job
    expect(received).toHaveLength(before);
    expect(await jobsOf(app, 'push:send')).toMatchObject([{ attempts: 0 }]);
    await runDueJobs(app.ctx);
    expect(await jobsOf(app, 'push:send')).toEqual([]);
    const got = received.slice(before);
    expect(got.map((r) => r.url)).toEqual(['/push/leads']);
    const plain = ece.decrypt(got[0].body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth.toString('base64url') });
    const message = JSON.parse(plain.toString('utf8'));
    expect(message.title).toBe(pushTitle);
    expect(message.body).toContain('Asha');
    expect(message.body.toLowerCase()).toContain('blue vase');
    expect(message.url).toMatch(/^\/userAdmin\//);

    // A refused lead (bad phone) pushes nothing.
    const bad = await app.inject({
      method: 'POST',
      url: '/api/public/products/createLead',
      remoteAddress: '10.7.7.8',
      payload: {
        ...human('product-lead'),
        name: 'Asha',
        email: 'asha@example.test',
        phoneNo: '12',
        businessName: 'push-leads',
        fkProductId: id,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(await jobsOf(app, 'push:send')).toEqual([]);
    await runDueJobs(app.ctx);
    expect(received.length).toBe(before + 1);
  });

  it('retries a push the service refuses for now, and leaves it failed after 5 attempts', async () => {
    const owner = await app.owner('push-down');
    await setFcmt(owner.token, browser('/push/down').token);
    await addJob(app.ctx.db, 'push:send', { businessId: owner.businessId, message: { title: 't', body: 'b', url: '/' } });
    const before = received.length;
    await runDueJobs(app.ctx);
    expect(received).toHaveLength(before + 1);
    expect(await jobsOf(app, 'push:send')).toMatchObject([{ attempts: 1, max_attempts: 5, last_error: expect.stringContaining('503') }]);
    await retryJobsNow(app);
    expect(received).toHaveLength(before + 2);
    await retryJobsNow(app, { attempts: 4 });
    expect(received).toHaveLength(before + 3);
    expect(await jobsOf(app, 'push:send')).toMatchObject([{ attempts: 5, max_attempts: 5 }]);
    // failed for good: never tried again
    await retryJobsNow(app);
    expect(received).toHaveLength(before + 3);
  });
});
