import { createHmac } from 'node:crypto';
import { antiSpam, antiSpamTexts, type publicForms } from '@stashblog/contract/anti-spam';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { challengeFor, human, testChallengeConfig } from '../../../test/test-form.ts';
import { insertProducts } from '../../../test/test-products.ts';
import { loadConfig } from '../../config.ts';
import { formSubmissions } from '../../db/schema/form-submissions.ts';
import { leads } from '../../db/schema/leads.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../http/app-error.ts';
import { acceptSubmission, businessCap, issueChallenge, rejectionCounts, verifyChallenge } from './anti-spam.service.ts';

const ttl = testChallengeConfig.formChallengeTtlMs;
const t0 = Date.UTC(2026, 10, 26, 3, 0, 0);
const issued = (form: (typeof publicForms)[number] = 'product-lead', at = t0) =>
  issueChallenge(testChallengeConfig, { form, now: at }).challenge;
const verify = (token: string, now: number, form: (typeof publicForms)[number] = 'product-lead') =>
  verifyChallenge(testChallengeConfig, { form, token, now });
/** A token signed with our secret around any body text (how a token is made: docs/decisions/010). */
const signedBody = (text: string, secret = testChallengeConfig.secret) => {
  const body = Buffer.from(text).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(`form-challenge|${body}`).digest('base64url')}`;
};

describe('form challenge (signed issue time)', () => {
  it('is accepted from the minimum fill time to the end of its lifetime, and not a millisecond outside', () => {
    const token = issued();
    expect(verify(token, t0)).toBe('too-fast');
    expect(verify(token, t0 + antiSpam.minFillMs - 1)).toBe('too-fast');
    expect(verify(token, t0 + antiSpam.minFillMs)).toBe('ok');
    expect(verify(token, t0 + ttl)).toBe('ok');
    expect(verify(token, t0 + ttl + 1)).toBe('expired-challenge');
    // issued "in the future" (a forged clock cannot be signed, but our own clock may step back)
    expect(verify(token, t0 - 60_000)).toBe('too-fast');
  });

  it('the default lifetime is two hours, FORM_CHALLENGE_TTL_SECONDS changes it, and the answer tells the page both times', () => {
    expect(antiSpam.challengeTtlSeconds).toBe(7200);
    expect(antiSpam.minFillMs).toBe(2000);
    const base = { DATA_DIR: '/tmp/stash-config-test', SECRET: testChallengeConfig.secret };
    expect(loadConfig(base).formChallengeTtlMs).toBe(7_200_000);
    const short = loadConfig({ ...base, FORM_CHALLENGE_TTL_SECONDS: '15' });
    expect(short.formChallengeTtlMs).toBe(15_000);
    expect(() => loadConfig({ ...base, FORM_CHALLENGE_TTL_SECONDS: '1' })).toThrow(/FORM_CHALLENGE_TTL_SECONDS/);
    const c = issueChallenge(short, { form: 'forum', now: t0 });
    expect(c).toMatchObject({ minFillMs: 2000, expiresInMs: 15_000 });
    expect(verifyChallenge(short, { form: 'forum', token: c.challenge, now: t0 + 15_000 })).toBe('ok');
    expect(verifyChallenge(short, { form: 'forum', token: c.challenge, now: t0 + 15_001 })).toBe('expired-challenge');
    // every token is its own (a nonce), even issued at the same instant
    expect(issued('forum', t0)).not.toBe(issued('forum', t0));
  });

  it('refuses a missing, forged, re-signed, other-form or malformed token', () => {
    const later = t0 + 5000;
    const token = issued();
    const [body, mac] = token.split('.');
    expect(verify('', later)).toBe('no-challenge');
    expect(verify(token, later, 'forum')).toBe('forged-challenge');
    expect(verify(`${body}.${mac.slice(0, -2)}`, later)).toBe('forged-challenge'); // shorter MAC: refused, not a 500
    // one character changed where all six of its bits are the MAC's (the last one also holds padding bits)
    expect(verify(`${body}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`, later)).toBe('forged-challenge');
    expect(verify(`${body}.${mac}.x`, later)).toBe('forged-challenge');
    expect(verify(body, later)).toBe('forged-challenge');
    expect(verify(`${body}.`, later)).toBe('forged-challenge');
    // a client that writes its own issue time cannot sign it
    const ownTime = Buffer.from(`${t0 - 10_000}.product-lead.n`).toString('base64url');
    expect(verify(`${ownTime}.${mac}`, later)).toBe('forged-challenge');
    expect(verify(signedBody(`${t0}.product-lead.n`, 'y'.repeat(40)), later)).toBe('forged-challenge');
    // signed by us but not an issue time
    expect(verify(signedBody('soon.product-lead.n'), later)).toBe('forged-challenge');
    expect(verify(signedBody(`${t0}.product-lead.n`), later)).toBe('ok');
    expect(verify(signedBody(`${t0}`), later)).toBe('forged-challenge');
  });
});

let app: TestApp;
let shop: Awaited<ReturnType<TestApp['owner']>>;
let productId: string;

const PL = '/api/public/products/createLead';
const visitor = { name: 'Asha', email: 'asha@example.test', phoneNo: '9876543210', query: 'Price for 100 pieces?' };
const enquiry = (businessName: string, fkProductId: string) => ({ ...visitor, businessName, fkProductId });
const send = (payload: Record<string, unknown>, ip: string) => app.inject({ method: 'POST', url: PL, payload, remoteAddress: ip });
const stored = async (businessId: string) => {
  const [l] = await app.ctx.db.select({ n: count() }).from(leads).where(eq(leads.businessId, businessId));
  const [n] = await app.ctx.db.select({ n: count() }).from(notifications).where(eq(notifications.businessId, businessId));
  return { leads: l.n, notifications: n.n };
};

beforeAll(async () => {
  app = await createTestApp();
  shop = await app.owner('challenge-shop');
  [productId] = await insertProducts(app, shop.businessId, [{ productName: 'Brass lamp' }]);
});

describe('GET /api/public/forms/challenge', () => {
  it("answers a token for the form, never cached, that the form's submission accepts once the minimum time has passed", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/public/forms/challenge?form=product-lead', remoteAddress: '10.30.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { challenge, minFillMs, expiresInMs } = res.json().payload;
    expect({ minFillMs, expiresInMs }).toEqual({ minFillMs: antiSpam.minFillMs, expiresInMs: ttl });
    const before = await stored(shop.businessId);
    const body = { ...enquiry('challenge-shop', productId), ...human('product-lead', { challenge }) };
    const early = await send(body, '10.30.0.1');
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe(antiSpamTexts.tooFast);
    await new Promise((r) => setTimeout(r, minFillMs + 50));
    const onTime = await send(body, '10.30.0.1');
    expect(onTime.statusCode).toBe(201);
    expect(await stored(shop.businessId)).toEqual({ leads: before.leads + 1, notifications: before.notifications + 1 });
  });

  it('refuses an unknown form with a clear 400', async () => {
    for (const url of ['/api/public/forms/challenge?form=admin', '/api/public/forms/challenge']) {
      const res = await app.inject({ method: 'GET', url, remoteAddress: '10.30.0.2' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(antiSpamTexts.unknownForm);
    }
  });
});

describe('a submission with a forged, expired, too young or missing challenge', () => {
  it('is refused with the "too fast" answer, counted by reason, storing nothing; a valid one is accepted', async () => {
    const before = await stored(shop.businessId);
    const counted = await rejectionCounts(app.ctx, 'product-lead');
    const base = enquiry('challenge-shop', productId);
    const valid = challengeFor('product-lead');
    const [body, mac] = valid.split('.');
    const claimsOlder = Buffer.from(`${Date.now() - 60_000}.product-lead.x`).toString('base64url');
    const cases: [string, Record<string, unknown>][] = [
      ['no-challenge', {}],
      ['no-challenge', { challenge: '' }],
      ['forged-challenge', { challenge: `${claimsOlder}.${mac}` }],
      ['forged-challenge', { challenge: challengeFor('forum') }],
      ['forged-challenge', { challenge: `${body}.${'A'.repeat(mac.length)}` }],
      ['expired-challenge', { challenge: challengeFor('product-lead', ttl + 60_000) }],
      ['too-fast', { challenge: challengeFor('product-lead', 300) }],
    ];
    for (const [reason, fields] of cases) {
      const res = await send({ ...base, ...human('product-lead'), challenge: undefined, ...fields }, '10.31.0.1');
      expect(res.statusCode, reason).toBe(400);
      expect(res.json().error, reason).toBe(antiSpamTexts.tooFast);
    }
    expect(await stored(shop.businessId)).toEqual(before);
    expect(await rejectionCounts(app.ctx, 'product-lead')).toEqual({
      ...counted,
      'no-challenge': (counted['no-challenge'] ?? 0) + 2,
      'forged-challenge': (counted['forged-challenge'] ?? 0) + 3,
      'expired-challenge': (counted['expired-challenge'] ?? 0) + 1,
      'too-fast': (counted['too-fast'] ?? 0) + 1,
    });
    const ok = await send({ ...base, ...human('product-lead', { challenge: valid }) }, '10.31.0.2');
    expect(ok.statusCode).toBe(201);
    expect(await stored(shop.businessId)).toEqual({ leads: before.leads + 1, notifications: before.notifications + 1 });
  });

  it('is refused when our signature covers an issue time with anything but digits around it (it has no age)', async () => {
    const before = await stored(shop.businessId);
    const counted = await rejectionCounts(app.ctx, 'product-lead');
    const opened = Date.now() - 5000;
    const notTimes = [`x${opened}`, `${opened}x`, ` ${opened}`, `${opened}e0`];
    for (const issuedAt of notTimes) {
      const res = await send(
        { ...enquiry('challenge-shop', productId), ...human('product-lead', { challenge: signedBody(`${issuedAt}.product-lead.n`) }) },
        '10.31.1.1',
      );
      expect(res.statusCode, issuedAt).toBe(400);
      expect(res.json().error, issuedAt).toBe(antiSpamTexts.tooFast);
    }
    expect(await stored(shop.businessId)).toEqual(before);
    expect((await rejectionCounts(app.ctx, 'product-lead'))['forged-challenge']).toBe((counted['forged-challenge'] ?? 0) + notTimes.length);
    // the same signature over the bare issue time is a person's form
    const person = await send(
      { ...enquiry('challenge-shop', productId), ...human('product-lead', { challenge: signedBody(`${opened}.product-lead.n`) }) },
      '10.31.1.2',
    );
    expect(person.statusCode).toBe(201);
  });
});

describe('the per-business cap counts accepted submissions only', () => {
  it('after a flood of refused submissions from several addresses, a person from a new address is still accepted; the cap still holds', async () => {
    const flooded = await app.owner('flood-shop');
    const [pid] = await insertProducts(app, flooded.businessId, [{ productName: 'Popular' }]);
    const base = enquiry('flood-shop', pid);
    const answers: number[] = [];
    let sent = 0;
    const go = async (payload: Record<string, unknown>, ip: string) => {
      sent++;
      const res = await send(payload, ip);
      answers.push(res.statusCode);
      return res;
    };
    // The flood: 12 addresses, each sending what its per-address limit lets through and more, all of it refused:
    // honeypot filled, no challenge, a forged one, one sent straight away, a validation error.
    const refusedKinds: (() => Record<string, unknown>)[] = [
      () => human('product-lead', { website: 'https://buy.example' }),
      () => ({ ...human('product-lead'), challenge: '' }),
      () => human('product-lead', { challenge: `${challengeFor('product-lead').split('.')[0]}.forged` }),
      () => human('product-lead', { challenge: challengeFor('product-lead', 100) }),
      () => ({ ...human('product-lead'), phoneNo: '12' }),
    ];
    for (let a = 0; a < 12; a++)
      for (let i = 0; i < 12; i++) await go({ ...base, ...refusedKinds[(a + i) % refusedKinds.length]() }, `10.40.${a}.1`);
    // Accepted ones under the cap, from other addresses.
    const accepted = 30;
    for (let i = 0; i < accepted; i++) await go({ ...base, ...human('product-lead') }, `10.41.${Math.floor(i / 5)}.1`);
    const personForm = { ...base, ...human('product-lead') };
    const person = await go(personForm, '10.42.0.1');
    const storedRows = (await stored(flooded.businessId)).leads;
    const refused = answers.filter((c) => c !== 201).length;
    console.log(
      `flood: sent ${sent}, stored ${storedRows}, refused ${refused} (${answers.filter((c) => c === 400).length} × 400, ${answers.filter((c) => c === 429).length} × 429 per address); new visitor's answer: ${person.statusCode} ${person.json().message}`,
    );
    expect(person.statusCode).toBe(201);
    expect(storedRows).toBe(accepted + 1);
    expect(refused).toBe(12 * 12);

    // The cap still applies to accepted ones: up to businessCap.max in the window, then a clear 429, counted.
    const capRefusals = (await rejectionCounts(app.ctx, 'product-lead'))['business-rate-limit'] ?? 0;
    for (let i = storedRows; i < businessCap.max; i++)
      expect((await go({ ...base, ...human('product-lead') }, `10.43.${Math.floor(i / 5)}.1`)).statusCode).toBe(201);
    const over = await go({ ...base, ...human('product-lead') }, '10.44.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(antiSpamTexts.businessRateLimited);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(businessCap.windowSeconds);
    expect((await stored(flooded.businessId)).leads).toBe(businessCap.max);
    expect((await rejectionCounts(app.ctx, 'product-lead'))['business-rate-limit']).toBe(capRefusals + 1);
    // A refusal by the cap does not use the allowance either: still full, still refused, nothing stored.
    expect((await go({ ...base, ...human('product-lead') }, '10.44.0.2')).statusCode).toBe(429);
    // A double submit of an accepted enquiry answers its first result, even at the cap.
    const again = await go(personForm, '10.42.0.1');
    expect(again.statusCode).toBe(201);
    expect(again.json().payload.id).toBe(person.json().payload.id);
    // Other businesses and forms are unaffected.
    expect((await go({ ...enquiry('challenge-shop', productId), ...human('product-lead') }, '10.44.0.3')).statusCode).toBe(201);
    const forum = await app.inject({
      method: 'POST',
      url: '/api/public/user/createForum',
      payload: { businessName: 'flood-shop', name: 'Ravi', email: 'ravi@example.test', message: 'Hello', ...human('forum') },
      remoteAddress: '10.44.0.4',
    });
    expect(forum.statusCode).toBe(201);
  });
});

describe('what the cap and the honeypot leave alone', () => {
  it('support mails (no business) have no business cap; a honeypot of spaces is empty', async () => {
    const support = { name: 'Kiran', message: 'Which plan has custom domains?', email: 'kiran@example.test' };
    const codes: number[] = [];
    for (let i = 0; i <= businessCap.max; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/mail/sendSupportMail',
        payload: { ...support, ...human('support', { website: i === 0 ? '   ' : '' }) },
        remoteAddress: `10.50.${Math.floor(i / 10)}.1`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual(Array(businessCap.max + 1).fill(201));
  });

  it('a refused submission is counted once, for its own form and reason, today', async () => {
    const before = await rejectionCounts(app.ctx, 'forum');
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/user/createForum',
      payload: {
        businessName: 'challenge-shop',
        name: 'Bot',
        email: 'bot@example.test',
        message: 'Buy',
        ...human('forum', { website: 'x' }),
      },
      remoteAddress: '10.51.0.1',
    });
    expect(res.json().error).toBe(antiSpamTexts.honeypot);
    expect(await rejectionCounts(app.ctx, 'forum')).toEqual({ ...before, honeypot: (before.honeypot ?? 0) + 1 });
    expect(await rejectionCounts(app.ctx, 'support')).toEqual({});
  });
});

describe('a submission whose write fails', () => {
  it("fails with its own error, not the business cap's 429, and leaves its key free so a retry is stored once", async () => {
    const input = human('forum');
    const capRefusals = (await rejectionCounts(app.ctx, 'forum'))['business-rate-limit'] ?? 0;
    const failing = acceptSubmission(app.ctx, { form: 'forum', businessId: shop.businessId, input }, async (tx) => {
      await tx.execute(sql`select 1 / 0`); // any failure of the lead/message write, here one of PostgreSQL's own
    });
    await expect(failing).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    await expect(failing).rejects.not.toBeInstanceOf(AppError);
    expect((await rejectionCounts(app.ctx, 'forum'))['business-rate-limit'] ?? 0).toBe(capRefusals);
    expect(await app.ctx.db.select().from(formSubmissions).where(eq(formSubmissions.key, input.idempotencyKey))).toEqual([]);
    let writes = 0;
    const retry = await acceptSubmission(app.ctx, { form: 'forum', businessId: shop.businessId, input }, async () => {
      writes++;
    });
    const again = await acceptSubmission(app.ctx, { form: 'forum', businessId: shop.businessId, input }, async () => {
      writes++;
    });
    expect(again.id).toBe(retry.id);
    expect(writes).toBe(1);
  });
});
