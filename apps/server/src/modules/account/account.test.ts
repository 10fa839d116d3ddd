import { accountTexts, encodePassword, passwordResetTtlMinutes } from '@stashblog/contract/auth';
import { onboardingTexts } from '@stashblog/contract/onboarding';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { profileTexts } from '@stashblog/contract/users';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, startSmtpSink } from '../../../test/smtp-sink.ts';
import { updateBusiness } from '../../../test/storefront-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import { accountTokens } from '../../db/schema/sessions.ts';
import { addJob } from '../../jobs/queue.ts';
import { runDueJobs } from '../../jobs/worker.ts';
import { createBusiness } from '../businesses/businesses.service.ts';
import { accountLimits } from './account.routes.ts';
import { resetMailsPerAccountPerHour } from './account.service.ts';

let app: TestApp;
let ip = 0;
beforeAll(async () => {
  app = await createTestApp();
});

// Each call from its own client address unless one is given: these routes are limited per client.
const nextIp = () => `10.20.${ip >> 8}.${++ip & 255}`;
const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url: `/api/auth/user/${url}`, payload, headers, remoteAddress });
const logIn = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/user/logIn',
    payload: { email, password: encodePassword(password) },
    remoteAddress: nextIp(),
  });
const fetchUser = (token: string) => app.inject({ method: 'GET', url: '/api/auth/user/fetch', headers: { authorization: token } });
const details = (token: string) =>
  app
    .inject({ method: 'GET', url: '/api/userAdmin/user/fetchDetails', headers: { authorization: token } })
    .then((r) => r.json().payload.userData);
const updateDetails = (token: string, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/userAdmin/user/updateDetails', headers: { authorization: token }, payload });

const mailsTo = (to: string) => app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));

async function tokenFrom(to: string, page: 'resetPassword' | 'confirmEmail'): Promise<string> {
  const [mail] = await mailsTo(to);
  const link = new RegExp(`https?://\\S+/${page}\\?token=\\S+`).exec(mail?.body ?? '')?.[0];
  expect(link, `a ${page} link in the last mail to ${to}`).toBeTruthy();
  return new URL(link as string).searchParams.get('token') ?? '';
}

const profile = { address: '1 Market Road, Pune', phoneNo: '9876543210' };
const password = 'correct-horse-1';

describe('changing the sign-in email (profile updateDetails)', () => {
  it('refuses a new email without the current password, or with a wrong one, and changes nothing', async () => {
    const o = await app.owner('email-nopass');
    const missing = await updateDetails(o.token, { ...profile, email: 'elsewhere@example.test' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(accountTexts.emailPasswordRequired);
    const wrong = await updateDetails(o.token, { ...profile, email: 'elsewhere@example.test', password: encodePassword('not-it') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(accountTexts.emailPasswordWrong);
    expect(await details(o.token)).toMatchObject({ email: o.email, address: '', pendingEmail: null });
    expect(await mailsTo('elsewhere@example.test')).toHaveLength(0);
    expect((await logIn(o.email, password)).statusCode).toBe(201);
    expect((await logIn('elsewhere@example.test', password)).statusCode).toBe(401);
  });

  it('with the password, waits for the new address to confirm; the old one gets a notice; other sessions end then', async () => {
    const o = await app.owner('email-mover');
    const other = (await logIn(o.email, password)).json().payload.authorization as string;
    const res = await updateDetails(o.token, { ...profile, email: 'Moved@Example.test', password: encodePassword(password) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(accountTexts.emailChangeSent('moved@example.test'));
    expect(res.json().payload.emailConfirmationSentTo).toBe('moved@example.test');
    // the rest of the profile is saved; the sign-in email is not, until the link is opened
    expect(await details(o.token)).toMatchObject({ email: o.email, address: profile.address, pendingEmail: 'moved@example.test' });
    expect((await logIn('moved@example.test', password)).statusCode).toBe(401);
    expect((await logIn(o.email, password)).statusCode).toBe(201);
    const [notice] = await mailsTo(o.email);
    expect(notice).toMatchObject({ subject: accountTexts.emailNoticeSubject });
    expect(notice.body).toContain('moved@example.test');
    expect(notice.body).not.toMatch(/confirmEmail/);
    const token = await tokenFrom('moved@example.test', 'confirmEmail');

    const confirmed = await post('confirmEmail', { token }, { authorization: o.token });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({
      message: accountTexts.emailConfirmed('moved@example.test'),
      payload: { email: 'moved@example.test' },
    });
    expect(await details(o.token)).toMatchObject({ email: 'moved@example.test', pendingEmail: null });
    expect((await fetchUser(other)).statusCode).toBe(401);
    expect((await fetchUser(o.token)).statusCode).toBe(200);
    expect((await logIn('moved@example.test', password)).statusCode).toBe(201);
    expect((await logIn(o.email, password)).statusCode).toBe(401);

    // a second open of the same link does nothing
    const again = await post('confirmEmail', { token }, { authorization: o.token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(accountTexts.emailLinkUsed);
    expect((await fetchUser(o.token)).statusCode).toBe(200);
  });

  it("refuses another business's address when asked and when confirmed", async () => {
    const o = await app.owner('email-claimer');
    const victim = await app.owner('email-victim');
    const asked = await updateDetails(o.token, { ...profile, email: victim.email.toUpperCase(), password: encodePassword(password) });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toBe(profileTexts.emailTaken);
    expect(await mailsTo(victim.email)).toHaveLength(0);

    // free when asked, taken by a new business before the link is opened
    const ok = await updateDetails(o.token, { ...profile, email: 'contested@example.test', password: encodePassword(password) });
    expect(ok.statusCode).toBe(200);
    const token = await tokenFrom('contested@example.test', 'confirmEmail');
    await createBusiness(app.ctx, { businessName: 'email-latecomer', name: 'Late', email: 'contested@example.test', password });
    const confirmed = await post('confirmEmail', { token }, { authorization: o.token });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error).toBe(profileTexts.emailTaken);
    expect((await details(o.token)).email).toBe(o.email);
  });

  it('of two opens of one confirmation link at the same instant, one confirms and the other is refused', async () => {
    const o = await app.owner('email-race');
    await updateDetails(o.token, { ...profile, email: 'raced@example.test', password: encodePassword(password) });
    const token = await tokenFrom('raced@example.test', 'confirmEmail');
    const answers = await Promise.all([1, 2, 3].map(() => post('confirmEmail', { token })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const r of answers.filter((a) => a.statusCode === 400)) expect(r.json().error).toBe(accountTexts.emailLinkUsed);
    expect(await details((await logIn('raced@example.test', password)).json().payload.authorization)).toMatchObject({
      email: 'raced@example.test',
      pendingEmail: null,
    });
  });

  it('of two businesses confirming one new address at the same instant, one gets it and the other is refused', async () => {
    const a = await app.owner('claim-race-a');
    const b = await app.owner('claim-race-b');
    const wanted = 'raced-by-two@example.test';
    await updateDetails(a.token, { ...profile, email: wanted, password: encodePassword(password) });
    const tokenA = await tokenFrom(wanted, 'confirmEmail');
    const asked = await updateDetails(b.token, { ...profile, email: wanted, password: encodePassword(password) });
    expect(asked.statusCode, asked.body).toBe(200);
    // Both links went to one address; B's is the one that is not A's (the two mails may share a timestamp).
    const links = (await mailsTo(wanted)).map((m) => /confirmEmail\?token=([^\s&]+)/.exec(m.body)?.[1] ?? '');
    const tokenB = links.find((t) => t !== '' && t !== tokenA) ?? '';
    expect(links).toHaveLength(2);
    expect(tokenB).not.toBe('');
    // Holding both business rows makes the confirmations overlap for sure: each has read the address as
    // free before either may write it, unless the per-address lock makes the second wait for the first.
    const { sent } = await app.ctx.db.transaction(async (tx) => {
      await tx
        .select({ id: businesses.id })
        .from(businesses)
        .where(sql`${businesses.id} in (${a.businessId}, ${b.businessId})`)
        .for('update');
      const sent = Promise.all([tokenA, tokenB].map((token) => post('confirmEmail', { token })));
      await vi.waitFor(
        async () => {
          const [{ n }] = (
            await app.ctx.db.execute<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
            )
          ).rows;
          expect(n).toBe(2);
        },
        { timeout: 10_000, interval: 20 },
      );
      return { sent };
    });
    const answers = await sent;
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().error).toBe(profileTexts.emailTaken);
    const owners = await app.ctx.db.select({ id: businesses.id }).from(businesses).where(sql`lower(${businesses.email}) = ${wanted}`);
    expect(owners).toHaveLength(1);
  });

  it('a second change request spends the first link: only the latest address can be confirmed', async () => {
    const o = await app.owner('email-twice');
    await updateDetails(o.token, { ...profile, email: 'first-try@example.test', password: encodePassword(password) });
    const first = await tokenFrom('first-try@example.test', 'confirmEmail');
    await updateDetails(o.token, { ...profile, email: 'second-try@example.test', password: encodePassword(password) });
    expect(await details(o.token)).toMatchObject({ email: o.email, pendingEmail: 'second-try@example.test' });
    const stale = await post('confirmEmail', { token: first });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe(accountTexts.emailLinkUsed);
    expect((await logIn('first-try@example.test', password)).statusCode).toBe(401);
    const latest = await post('confirmEmail', { token: await tokenFrom('second-try@example.test', 'confirmEmail') });
    expect(latest.statusCode, latest.body).toBe(201);
  });

  it('refuses an unknown, an empty and an expired confirmation link', async () => {
    const o = await app.owner('email-late');
    expect((await post('confirmEmail', { token: 'nope' })).json().error).toBe(accountTexts.emailLinkInvalid);
    expect((await post('confirmEmail', {})).json().error).toBe(accountTexts.emailLinkMissing);
    await updateDetails(o.token, { ...profile, email: 'late@example.test', password: encodePassword(password) });
    const token = await tokenFrom('late@example.test', 'confirmEmail');
    await app.ctx.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountTokens.businessId, o.businessId));
    const res = await post('confirmEmail', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(accountTexts.emailLinkExpired);
    expect(await details(o.token)).toMatchObject({ email: o.email, pendingEmail: null });
  });
});

describe('forgot password', () => {
  it('answers an unknown and a known address the same, after the same floor; only the known one gets a link', async () => {
    const o = await app.owner('reset-known');
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await post('requestPasswordReset', { email });
      return Object.assign(res, { ms: performance.now() - started });
    };
    const known = await timed(o.email.toUpperCase());
    const unknown = await timed('nobody-here@example.test');
    // both wait out the same floor, so the time does not tell which address has an account
    expect(unknown.ms).toBeGreaterThanOrEqual(240);
    expect(known.ms).toBeGreaterThanOrEqual(240);
    expect(known.statusCode).toBe(201);
    expect(unknown.statusCode).toBe(201);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(accountTexts.resetRequested);
    expect(await mailsTo('nobody-here@example.test')).toHaveLength(0);
    const [mail] = await mailsTo(o.email);
    expect(mail.subject).toBe(accountTexts.resetSubject);
    expect(await tokenFrom(o.email, 'resetPassword')).toBeTruthy();
  });

  it('sets the new password once, signs every session out, and a second use is refused', async () => {
    const o = await app.owner('reset-user');
    const other = (await logIn(o.email, password)).json().payload.authorization as string;
    await post('requestPasswordReset', { email: o.email });
    const token = await tokenFrom(o.email, 'resetPassword');
    expect((await post('checkPasswordReset', { token })).statusCode).toBe(200);

    const short = await post('resetPassword', { token, newPassword: encodePassword('short') });
    expect(short.json().error).toBe('Password must be at least 8 characters');
    const blank = await post('resetPassword', { token, newPassword: encodePassword('   ') });
    expect(blank.json().error).toBe(specTexts.newPasswordRequired);

    const res = await post('resetPassword', { token, newPassword: encodePassword('  brand-new-pass  ') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(accountTexts.passwordReset);
    expect((await fetchUser(o.token)).statusCode).toBe(401);
    expect((await fetchUser(other)).statusCode).toBe(401);
    expect((await logIn(o.email, password)).statusCode).toBe(401);
    const fresh = await logIn(o.email, 'brand-new-pass');
    expect(fresh.statusCode).toBe(201);

    const again = await post('resetPassword', { token, newPassword: encodePassword('sneaky-second') });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(accountTexts.resetLinkUsed);
    expect((await post('checkPasswordReset', { token })).json().error).toBe(accountTexts.resetLinkUsed);
    expect((await logIn(o.email, 'sneaky-second')).statusCode).toBe(401);
    expect((await fetchUser(fresh.json().payload.authorization)).statusCode).toBe(200);
  });

  it('of two uses of one link at the same instant, one sets its password and the other is refused', async () => {
    const o = await app.owner('reset-race');
    await post('requestPasswordReset', { email: o.email });
    const token = await tokenFrom(o.email, 'resetPassword');
    const tries = ['racer-one-pass', 'racer-two-pass', 'racer-three-pass'];
    // Holding the business row makes the uses overlap for sure: the first waits to write the password while
    // the others read the link; released once all three wait on a lock.
    const { sent } = await app.ctx.db.transaction(async (tx) => {
      await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, o.businessId)).for('update');
      const sent = Promise.all(tries.map((p) => post('resetPassword', { token, newPassword: encodePassword(p) })));
      await vi.waitFor(
        async () => {
          const [{ n }] = (
            await app.ctx.db.execute<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
            )
          ).rows;
          expect(n).toBe(tries.length);
        },
        { timeout: 10_000, interval: 20 },
      );
      return { sent };
    });
    const answers = await sent;
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const r of answers.filter((a) => a.statusCode === 400)) expect(r.json().error).toBe(accountTexts.resetLinkUsed);
    const winner = tries[answers.findIndex((r) => r.statusCode === 201)];
    for (const p of tries) expect((await logIn(o.email, p)).statusCode, p).toBe(p === winner ? 201 : 401);
  });

  it('takes a new password of exactly 8 characters, not 7, and refuses one that is not encoded, all with the link unspent', async () => {
    const o = await app.owner('reset-edges');
    await post('requestPasswordReset', { email: o.email });
    const token = await tokenFrom(o.email, 'resetPassword');
    const seven = await post('resetPassword', { token, newPassword: encodePassword('sev-n-7') });
    expect(seven.statusCode).toBe(400);
    expect(seven.json().error).toBe('Password must be at least 8 characters');
    const garbled = await post('resetPassword', { token, newPassword: '%%% not base64 %%%' });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error).toBe(specTexts.newPasswordRequired);
    expect((await post('checkPasswordReset', { token })).statusCode).toBe(200);
    // sent as a script would, spaces and all: the password is the 8 characters between them, as at sign-in
    const eight = await post('resetPassword', { token, newPassword: Buffer.from('  eight-8!  ').toString('base64') });
    expect(eight.statusCode, eight.body).toBe(201);
    expect((await logIn(o.email, 'eight-8!')).statusCode).toBe(201);
  });

  it(`a link expires after ${passwordResetTtlMinutes} minutes`, async () => {
    const o = await app.owner('reset-late');
    await post('requestPasswordReset', { email: o.email });
    const token = await tokenFrom(o.email, 'resetPassword');
    const [row] = await app.ctx.db.select().from(accountTokens).where(eq(accountTokens.businessId, o.businessId));
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - passwordResetTtlMinutes * 60_000)).toBeLessThan(1000);
    // 29 minutes on it still works; 31 minutes on it does not
    const age = (minutes: number) =>
      app.ctx.db
        .update(accountTokens)
        .set({ expiresAt: sql`now() + make_interval(mins => ${passwordResetTtlMinutes - minutes})` })
        .where(eq(accountTokens.businessId, o.businessId));
    await age(29);
    expect((await post('checkPasswordReset', { token })).statusCode).toBe(200);
    await age(31);
    const res = await post('resetPassword', { token, newPassword: encodePassword('too-late-pass') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(accountTexts.resetLinkExpired);
    expect((await post('checkPasswordReset', { token })).json().error).toBe(accountTexts.resetLinkExpired);
    expect((await fetchUser(o.token)).statusCode).toBe(200);
    expect((await logIn(o.email, password)).statusCode).toBe(201);
    expect((await post('resetPassword', { token: 'made-up', newPassword: encodePassword('whatever-1') })).json().error).toBe(
      accountTexts.resetLinkInvalid,
    );
  });

  it('mails one address at most 3 times an hour, one account at most 5, with the same answer every time', async () => {
    const o = await app.owner('reset-limited');
    const answers = new Set<string>();
    for (let i = 0; i < accountLimits.resetMailsPerAddress.max + 2; i++) {
      const res = await post('requestPasswordReset', { email: i % 2 ? o.email.toUpperCase() : o.email });
      expect(res.statusCode).toBe(201);
      answers.add(res.body);
    }
    expect(answers.size).toBe(1);
    expect(await mailsTo(o.email)).toHaveLength(accountLimits.resetMailsPerAddress.max);

    // the account's address changes: the new address has its own 3, the account has 5 in all
    await updateBusiness(app.ctx, o.businessId, { email: 'reset-limited-2@example.test' });
    for (let i = 0; i < 3; i++)
      expect((await post('requestPasswordReset', { email: 'reset-limited-2@example.test' })).body).toBe([...answers][0]);
    expect(await mailsTo('reset-limited-2@example.test')).toHaveLength(
      resetMailsPerAccountPerHour - accountLimits.resetMailsPerAddress.max,
    );
  });

  it('answers a flood from one client with 429', async () => {
    const client = '10.99.0.1';
    const { max } = accountLimits.resetRequestsPerClient;
    for (let i = 0; i < max; i++) {
      expect((await post('requestPasswordReset', { email: `flood-${i}@example.test` }, {}, client)).statusCode).toBe(201);
    }
    const res = await post('requestPasswordReset', { email: 'flood-last@example.test' }, {}, client);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(serverTexts.tooManyAttempts);
  });
});

describe('mails without SMTP_URL', () => {
  it("logs each mail's recipient, subject and links: verification, password reset, email change", async () => {
    const info = vi.spyOn(app.ctx.log, 'info');
    const logged = () => info.mock.calls.map((c) => String(c[1] ?? c[0]));
    try {
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/onboarding/signUp',
        remoteAddress: nextIp(),
        payload: {
          plan: 'Pro',
          name: 'Log Reader',
          email: 'log-reader@example.test',
          phoneNo: '9876543210',
          address: '1 Road',
          displayName: 'Log Reader',
          businessName: 'log-reader',
          password: encodePassword('log-reader-pass'),
        },
      });
      expect(signUp.statusCode, signUp.body).toBe(201);
      const [verify] = await mailsTo('log-reader@example.test');
      const verifyLink = /https?:\/\/\S+\/verifyEmail\?token=\S+/.exec(verify.body)?.[0] as string;
      expect(logged().find((l) => l.includes(verifyLink))).toContain(`to log-reader@example.test: "${onboardingTexts.verifySubject}"`);

      const o = await app.owner('log-owner');
      await post('requestPasswordReset', { email: o.email });
      const resetLink = /https?:\/\/\S+\/resetPassword\?token=\S+/.exec((await mailsTo(o.email))[0].body)?.[0] as string;
      expect(logged().find((l) => l.includes(resetLink))).toContain(`to ${o.email}: "${accountTexts.resetSubject}"`);

      await updateDetails(o.token, { ...profile, email: 'log-new@example.test', password: encodePassword(password) });
      const confirmLink = /https?:\/\/\S+\/confirmEmail\?token=\S+/.exec((await mailsTo('log-new@example.test'))[0].body)?.[0] as string;
      expect(logged().find((l) => l.includes(confirmLink))).toContain(`to log-new@example.test: "${accountTexts.emailChangeSubject}"`);
      expect(logged().some((l) => l.includes(`to ${o.email}: "${accountTexts.emailNoticeSubject}"`))).toBe(true);
    } finally {
      info.mockRestore();
    }
  });
});

describe('mails with SMTP_URL', () => {
  let smtpApp: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    const port = await freePort();
    sink = await startSmtpSink(port);
    // A real job worker, as on a node: the mail's job is taken when the request's transaction commits.
    smtpApp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, jobsWorker: true });
  });
  afterAll(async () => {
    await sink.close();
  });

  it('sends the reset mail at once, not at the next poll of the queue', async () => {
    const o = await smtpApp.owner('reset-smtp');
    const res = await smtpApp.inject({
      method: 'POST',
      url: '/api/auth/user/requestPasswordReset',
      payload: { email: o.email },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    await expect.poll(() => sink.received.length, { timeout: 5_000, interval: 50 }).toBe(1);
    expect(sink.received[0].to).toEqual([`<${o.email}>`]);
    expect(sink.received[0].data).toMatch(/resetPassword\?token=/);
  });
});

describe('account tokens', () => {
  it('keeps only hashes of the links', async () => {
    const o = await app.owner('token-hash');
    await post('requestPasswordReset', { email: o.email });
    const token = await tokenFrom(o.email, 'resetPassword');
    const rows = await app.ctx.db
      .select({ tokenHash: accountTokens.tokenHash })
      .from(accountTokens)
      .where(and(eq(accountTokens.businessId, o.businessId), eq(accountTokens.purpose, 'password-reset')));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);
  });

  it('the daily sweep drops tokens expired over a day ago and keeps the rest', async () => {
    const o = await app.owner('token-sweep');
    const day = 24 * 3600_000;
    const token = (tokenHash: string, expiresInMs: number) => ({
      tokenHash,
      businessId: o.businessId,
      purpose: 'password-reset' as const,
      expiresAt: new Date(Date.now() + expiresInMs),
    });
    await app.ctx.db
      .insert(accountTokens)
      .values([token('sweep-old', -2 * day), token('sweep-recent', -3600_000), token('sweep-live', 3600_000)]);
    await addJob(app.ctx.db, 'account:sweep-tokens', {});
    await runDueJobs(app.ctx);
    const left = await app.ctx.db
      .select({ tokenHash: accountTokens.tokenHash })
      .from(accountTokens)
      .where(eq(accountTokens.businessId, o.businessId));
    expect(left.map((r) => r.tokenHash).sort()).toEqual(['sweep-live', 'sweep-recent']);
  });
});
