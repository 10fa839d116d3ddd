import { encodePassword } from '@stashblog/contract/auth';
import { displayNameTexts } from '@stashblog/contract/business';
import { onboardingTexts, type SignUpBody } from '@stashblog/contract/onboarding';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogue, addProduct, updateBusiness } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { signups } from '../../db/schema/onboarding.ts';
import { verificationToken } from './onboarding.service.ts';

let app: TestApp;
let ip = 0;
beforeAll(async () => {
  app = await createTestApp();
});

// Each call from its own address: the sign-up route is rate limited per IP.
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, remoteAddress: `10.0.${ip >> 8}.${++ip & 255}` });

const form = (over: Partial<SignUpBody> = {}): SignUpBody => ({
  plan: 'Pro',
  name: 'Asha Rao',
  email: 'asha@shop.test',
  phoneNo: '9876543210',
  address: '12 MG Road, Pune',
  displayName: 'Asha’s Crafts & Clay',
  businessName: 'asha-crafts',
  password: encodePassword('clay-and-fire'),
  ...over,
});

async function linkFromOutbox(to: string): Promise<string> {
  const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  expect(mail?.subject).toBe(onboardingTexts.verifySubject);
  const link = /https?:\/\/\S+\/verifyEmail\?token=\S+/.exec(mail.body)?.[0];
  expect(link).toBeTruthy();
  return decodeURIComponent(new URL(link as string).searchParams.get('token') ?? '');
}

const check = (businessName: string) => app.inject({ url: '/api/onboarding/checkBusinessName', query: { businessName } });

describe('business name check', () => {
  it('explains format, reserved words and names already taken; a free name is available', async () => {
    await app.owner('taken-name');
    const cases: Array<[string, boolean, string | null]> = [
      ['', false, onboardingTexts.businessNameRequired],
      ['ab', false, 'Site address must be at least 3 characters'],
      ['My Shop', false, 'Site address may use lowercase letters, digits and single hyphens only'],
      ['userAdmin', false, 'Site address may use lowercase letters, digits and single hyphens only'],
      ['platform', false, 'That site address is reserved'],
      ['signin', false, 'That site address is reserved'],
      ['taken-name', false, onboardingTexts.nameTaken],
      ['fresh-name', true, null],
    ];
    for (const [name, available, reason] of cases) {
      const res = await check(name);
      expect(res.statusCode, name).toBe(200);
      expect(res.json().payload, name).toEqual({ available, businessName: name.trim(), reason });
    }
  });
});

describe('sign up', () => {
  it('happy path: creates the business with its plan, mails a link; the link verifies once, signs in, and the checklist starts empty', async () => {
    const res = await post('/api/onboarding/signUp', form());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(onboardingTexts.checkEmail('asha@shop.test'));
    const [b] = await app.ctx.db.select().from(businesses).where(eq(businesses.businessName, 'asha-crafts'));
    expect(b).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@shop.test',
      phoneNo: '9876543210',
      address: '12 MG Road, Pune',
      // the business name as typed, beside its site address (decision 047)
      displayName: 'Asha’s Crafts & Clay',
    });
    const [s] = await app.ctx.db.select().from(signups).where(eq(signups.businessId, b.id));
    expect(s).toMatchObject({ plan: 'Pro', verifiedAt: null });
    expect((await check('asha-crafts')).json().payload.available).toBe(false);

    // not verified yet: password sign-in is refused with a clear message
    const early = await post('/api/auth/user/logIn', { email: 'asha@shop.test', password: encodePassword('clay-and-fire') });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toBe(onboardingTexts.emailNotVerified);

    const token = await linkFromOutbox('asha@shop.test');
    const verified = await post('/api/onboarding/verifyEmail', { token });
    expect(verified.statusCode, verified.body).toBe(201);
    const { authorization, businessName } = verified.json().payload;
    expect(businessName).toBe('asha-crafts');
    const me = await app.inject({ url: '/api/auth/user/fetch', headers: { authorization } });
    expect(me.json().payload.user).toMatchObject({
      businessName: 'asha-crafts',
      displayName: 'Asha’s Crafts & Clay',
      email: 'asha@shop.test',
      name: 'Asha Rao',
    });

    const again = await post('/api/onboarding/verifyEmail', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(onboardingTexts.linkUsed);

    const later = await post('/api/auth/user/logIn', { email: 'Asha@Shop.test', password: encodePassword('clay-and-fire') });
    expect(later.statusCode).toBe(201);

    const checklist = () => app.inject({ url: '/api/userAdmin/onboarding/checklist', headers: { authorization } });
    expect((await checklist()).json().payload).toEqual({
      logo: false,
      product: false,
      catalogue: false,
      theme: false,
      plan: 'Pro',
      emailVerified: true,
    });
    await addProduct(app.ctx, b.id);
    await addCatalogue(app.ctx, b.id);
    await updateBusiness(app.ctx, b.id, { theme: 'theme3' });
    expect((await checklist()).json().payload).toMatchObject({ product: true, catalogue: true, theme: true, logo: false });
  });

  it('refuses every bad field with its message and creates nothing', async () => {
    await post('/api/onboarding/signUp', form({ businessName: 'first-shop', email: 'first@shop.test' }));
    const cases: Array<[Partial<SignUpBody>, number, string]> = [
      [{ businessName: 'first-shop', email: 'other@shop.test' }, 409, onboardingTexts.nameTaken],
      [{ businessName: 'second-shop', email: 'FIRST@shop.test' }, 409, onboardingTexts.emailTaken],
      [{ businessName: 'Bad Name' }, 400, 'Site address may use lowercase letters, digits and single hyphens only'],
      [{ businessName: 'support' }, 400, 'That site address is reserved'],
      [{ displayName: undefined }, 400, displayNameTexts.required],
      [{ displayName: ' \t ' }, 400, displayNameTexts.required],
      [{ displayName: 'N'.repeat(81) }, 400, displayNameTexts.tooLong(80)],
      [{ businessName: '' }, 400, onboardingTexts.businessNameRequired],
      [{ password: encodePassword('short') }, 400, onboardingTexts.passwordShort],
      [{ password: encodePassword('        ') }, 400, onboardingTexts.passwordRequired],
      [{ password: '%%%not-base64' }, 400, onboardingTexts.passwordRequired],
      [{ email: 'not-an-email' }, 400, 'Enter a valid email'],
      [{ email: '' }, 400, 'Email is required!'],
      [{ name: '  ' }, 400, 'Name is required!'],
      [{ phoneNo: '12345' }, 400, onboardingTexts.phoneInvalid],
      [{ plan: 'Gold' as 'Pro' }, 400, onboardingTexts.planRequired],
    ];
    const before = await app.ctx.db.select({ id: businesses.id }).from(businesses);
    for (const [over, status, error] of cases) {
      const res = await post('/api/onboarding/signUp', form({ businessName: 'new-shop', email: 'new@shop.test', ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      expect(res.json().error, JSON.stringify(over)).toBe(error);
    }
    const after = await app.ctx.db.select({ id: businesses.id }).from(businesses);
    expect(after).toHaveLength(before.length);
    const hostile = await post('/api/onboarding/signUp', { businessName: ['x'], password: { a: 1 }, plan: null });
    expect(hostile.statusCode).toBe(400);
  });

  it('refuses forged, tampered and expired links', async () => {
    await post('/api/onboarding/signUp', form({ businessName: 'link-shop', email: 'link@shop.test' }));
    const token = await linkFromOutbox('link@shop.test');
    const [encoded, sig] = token.split('.');
    const [b] = await app.ctx.db.select().from(businesses).where(eq(businesses.businessName, 'link-shop'));
    const forged = `${Buffer.from(`${b.id}.${Date.now() + 1e9}`).toString('base64url')}.${sig}`;
    const expired = verificationToken(app.ctx, b.id, Date.now() - 1000);
    for (const bad of ['', 'abc', `${encoded}.`, `${encoded}.${sig.slice(1)}x`, forged, expired]) {
      const res = await post('/api/onboarding/verifyEmail', { token: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe(onboardingTexts.linkInvalid);
    }
    const [s] = await app.ctx.db.select().from(signups).where(eq(signups.businessId, b.id));
    expect(s.verifiedAt).toBeNull();
  });

  it('a sign-up never verified within 48 hours gives its name and email back; resend mails a fresh link', async () => {
    await post('/api/onboarding/signUp', form({ businessName: 'stale-shop', email: 'stale@shop.test' }));
    const resent = await post('/api/onboarding/resendVerification', { email: 'STALE@shop.test' });
    expect(resent.statusCode).toBe(201);
    expect(await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'stale@shop.test'))).toHaveLength(2);
    const unknown = await post('/api/onboarding/resendVerification', { email: 'nobody@shop.test' });
    expect(unknown.json().message).toBe(resent.json().message);

    const [b] = await app.ctx.db.select().from(businesses).where(eq(businesses.businessName, 'stale-shop'));
    await app.ctx.db
      .update(signups)
      .set({ createdAt: new Date(Date.now() - 49 * 3600_000) })
      .where(eq(signups.businessId, b.id));
    expect((await check('stale-shop')).json().payload.available).toBe(true);
    const retry = await post('/api/onboarding/signUp', form({ businessName: 'stale-shop', email: 'stale@shop.test', name: 'Second try' }));
    expect(retry.statusCode, retry.body).toBe(201);
    const [now] = await app.ctx.db.select().from(businesses).where(eq(businesses.businessName, 'stale-shop'));
    expect(now.name).toBe('Second try');
    expect(now.id).not.toBe(b.id);
  });

  it('the checklist needs an owner session', async () => {
    expect((await app.inject({ url: '/api/userAdmin/onboarding/checklist' })).statusCode).toBe(401);
  });
});
