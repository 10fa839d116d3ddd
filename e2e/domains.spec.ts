import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { domainTexts } from '@stashblog/contract/domains';
import { limits } from '@stashblog/contract/limits';
import { startDnsServer } from '../apps/server/test/dns-server.ts';
import { expect, test } from './fixtures.ts';
import { e2eDataDir, e2ePort } from './playwright.config.ts';

// Issue 12 journey: an owner sets a custom domain in the profile, copies the TXT record shown,
// verifies too early (refused, with the reason), creates the record, verifies, and visitors get the
// storefront on that domain; removing it takes the domain away again. The server checks DNS only
// through DNS_SERVERS, which playwright.config.ts points at the DNS server this test starts on
// loopback; the domain's A record points at 127.0.0.1 (PLATFORM_ADDRESSES), where the HTTP
// challenge reaches this server (DOMAIN_CHECK_PORT). Issue 20: the TXT record alone is not enough.
const repo = path.resolve(import.meta.dirname, '..');
const business = 'domain-journey';
const email = 'owner@domain-journey.test';
const password = 'domain-pass-1';
// Chromium maps *.shop.test to 127.0.0.1 (playwright.config.ts).
const domain = 'brand.shop.test';
const recordName = `_stashblog-challenge.${domain}`;

const cli = (args: string[]) =>
  execFileSync('node', ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: e2eDataDir, PORT: String(e2ePort), LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });

/** `text` with the time now (or a minute ago) as the panel writes times: Asia/Kolkata, en-US (formatWhen). */
function saidNow(text: (when: string) => string): RegExp {
  const at = (ms: number) =>
    new Date(ms).toLocaleString(limits.locale, { timeZone: limits.timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const pattern = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp([at(Date.now()), at(Date.now() - 60_000)].map((when) => pattern(text(when))).join('|'));
}

test('an owner sets a custom domain, proves it with a TXT record, and the storefront answers on it', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const records = new Map<string, string[]>();
  const dns = await startDnsServer(records, e2ePort);
  try {
    cli(['create-business', '--business', business, '--name', 'Domain Journey', '--email', email, '--password', password]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto('/signIn');
    const signIn = page.locator('form');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill(password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/userAdmin\//);

    await page.goto('/userAdmin/userProfileInfo');
    const panel = page.getByRole('region', { name: 'Custom domain' });
    const field = panel.getByLabel('Domain name');
    await expect(field).toBeVisible();

    // refusals are explained under the field
    await panel.getByRole('button', { name: 'Set domain' }).click();
    await expect(panel.getByRole('alert')).toHaveText(domainTexts.required);
    await field.fill('localhost');
    await panel.getByRole('button', { name: 'Set domain' }).click();
    await expect(panel.getByRole('alert')).toHaveText(domainTexts.invalid('localhost'));

    // keyboard only: type and press Enter
    await field.fill('');
    await field.focus();
    await page.keyboard.type(' Brand.Shop.TEST ');
    await page.keyboard.press('Enter');
    await expect(page.getByText(domainTexts.saved)).toBeVisible();
    const status = panel.getByRole('status', { name: 'Domain status' });
    await expect(status).toContainText(domain);
    await expect(status).toContainText(domainTexts.statusPending);

    // the TXT record to create, with copy buttons that really copy
    const txt = panel.getByRole('table', { name: 'TXT record' });
    await expect(txt.getByRole('row', { name: /Name/ })).toContainText(recordName);
    const value = (await txt.getByRole('row', { name: /Value/ }).getByRole('cell').first().textContent()) ?? '';
    expect(value).toMatch(/^stashblog-verify=[0-9a-f]{32}$/);
    await panel.getByRole('button', { name: 'Copy TXT record value' }).click();
    await expect(page.getByText(domainTexts.copied('TXT record value'))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await panel.getByRole('button', { name: 'Copy TXT record name' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recordName);
    await expect(panel.getByRole('table', { name: 'CNAME record' })).toContainText('localhost');

    // too early: no record yet, so it fails and says why, with when it checked (Asia/Kolkata, like
    // every date); the domain gets no certificate
    await panel.getByRole('button', { name: 'Verify' }).click();
    await expect(status).toContainText(domainTexts.statusFailed);
    await expect(status).toContainText(domainTexts.notVerified(recordName));
    await expect(status).toContainText(saidNow(domainTexts.checkedAt));
    expect((await request.get('/api/platform/domains/allowed', { params: { domain } })).status()).toBe(404);

    // the TXT record alone is not enough: the domain does not point at us yet, so it is not switched
    records.set(`TXT ${recordName}`, [value]);
    await panel.getByRole('button', { name: 'Verify' }).click();
    await expect(status).toContainText(domainTexts.notPointing(domain, 'localhost'));
    await expect(status).toContainText(domainTexts.statusFailed);
    expect((await request.get('/api/platform/domains/allowed', { params: { domain } })).status()).toBe(404);
    expect((await request.get(`/${business}/home`, { maxRedirects: 0 })).status()).toBe(200);

    // the owner points it at us too; now it verifies (the server fetched its challenge over HTTP)
    records.set(`A ${domain}`, ['127.0.0.1']);
    await panel.getByRole('button', { name: 'Verify' }).click();
    await expect(status).toContainText(domainTexts.statusVerified);
    await expect(page.getByText(domainTexts.verified)).toBeVisible();
    await expect(status).toContainText(saidNow(domainTexts.verifiedSince));
    // the platform URL moves visitors there, but not permanently in the first week
    const moved = await request.get(`/${business}/products?x=1`, { maxRedirects: 0 });
    expect(moved.status()).toBe(302);
    expect(moved.headers().location).toBe(`http://${domain}/products?x=1`);
    await expect(status.getByRole('link', { name: `https://${domain}` })).toHaveAttribute('href', `https://${domain}/home`);
    await expect(panel.getByRole('button', { name: 'Verify' })).toHaveCount(0);
    expect((await request.get('/api/platform/domains/allowed', { params: { domain } })).status()).toBe(200);

    // a visitor on the custom domain gets this business's storefront
    const visitor = await page.context().browser()?.newContext({ serviceWorkers: 'block' });
    const v = await visitor?.newPage();
    if (!v) throw new Error('no visitor page');
    const res = await v.goto(`http://${domain}:${e2ePort}/home`);
    expect(res?.status()).toBe(200);
    await expect(v).toHaveURL(`http://${domain}:${e2ePort}/home`);
    await expect(v).toHaveTitle(/Domain Journey/);
    await visitor?.close();

    // removal asks first, then the domain is gone at once
    await panel.getByRole('button', { name: 'Remove domain' }).click();
    const confirm = page.getByRole('dialog', { name: domainTexts.confirmRemove(domain) });
    await confirm.getByRole('button', { name: 'Keep' }).click();
    await expect(status).toContainText(domainTexts.statusVerified);
    await panel.getByRole('button', { name: 'Remove domain' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText(domainTexts.removed)).toBeVisible();
    await expect(field).toHaveValue('');
    expect((await request.get('/api/platform/domains/allowed', { params: { domain } })).status()).toBe(404);

    // the operator sets it with the CLI: the owner's panel says verified (it said 'Verification failed')
    await panel.getByRole('button', { name: 'Set domain' }).waitFor();
    await field.fill(domain);
    await panel.getByRole('button', { name: 'Set domain' }).click();
    await expect(status).toContainText(domainTexts.statusPending);
    records.delete(`A ${domain}`);
    await panel.getByRole('button', { name: 'Verify' }).click();
    await expect(status).toContainText(domainTexts.statusFailed);
    cli(['set-domain', '--business', business, '--domain', domain]);
    await page.reload();
    await expect(status).toContainText(domainTexts.statusVerified);
    await expect(status).not.toContainText(domainTexts.statusFailed);
    await expect(panel.getByRole('button', { name: 'Verify' })).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await dns.close();
  }
});
