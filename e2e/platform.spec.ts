import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { onboardingTexts } from '@stashblog/contract/onboarding';
import { specTexts } from '@stashblog/contract/spec-texts';
import { e2eQuery } from './e2e-db.ts';
import { expect, test } from './fixtures.ts';
import { e2eDataDir, e2ePort } from './playwright.config.ts';

const repo = path.resolve(import.meta.dirname, '..');

// Issue 12 journey: a new visitor signs up on the Pro plan, verifies through the link from the
// outbox, adds a first product and sees it on the new storefront; the platform admin blocks it
// and the owner sees SPEC's blocked text.
test('sign up, verify by mail, first product on the new storefront; the platform admin blocks it', async ({ page, browser }) => {
  // the operator creates a platform admin with the CLI, beside the running server
  execFileSync(
    'node',
    [
      '--import',
      'tsx',
      'apps/server/src/cli/main.ts',
      'create-platform-admin',
      '--email',
      'ops@stash.test',
      '--password',
      'platform-pass-1',
    ],
    {
      cwd: repo,
      env: { ...process.env, DATA_DIR: e2eDataDir, PORT: String(e2ePort), LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    },
  );

  // the Sign up tab of /signIn continues into the same flow (plan chosen there)
  await page.goto('/signIn');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const tabForm = page.locator('form');
  await tabForm.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(onboardingTexts.businessNameRequired)).toBeVisible();
  await expect(tabForm.getByLabel('Plan')).toHaveValue('Basic');

  // a new visitor picks the Pro plan and fills 'Tell Us About You'
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Get started with Pro' }).click();
  await expect(page).toHaveURL(/\/getStarted\//);
  const form = page.locator('form', { hasText: 'Tell Us About You' });
  await expect(form.getByText('Plan: Pro')).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill('Meera Iyer');
  await form.getByLabel('Phone Number').fill('9876543210');
  await form.getByLabel('Email').fill('meera@shop.test');
  await form.getByLabel('Full Address').fill('4 Temple Street, Kanchipuram');
  // live check of the site address: a reserved word, a taken name
  const businessName = form.getByLabel('Business Name');
  const siteAddress = form.getByLabel('Site Address');
  await siteAddress.fill('support');
  await expect(form.getByText('That site address is reserved')).toBeVisible();
  await siteAddress.fill('lotus-handicrafts');
  await expect(form.getByText(onboardingTexts.nameTaken)).toBeVisible();
  await siteAddress.fill('');
  // the business name as written (decision 047); the address follows it as it is typed, shown in full
  await businessName.fill('Meera Textiles & Sons');
  await expect(siteAddress).toHaveValue('meera-textiles-sons');
  await expect(form.getByText(/\/meera-textiles-sons$/).first()).toBeVisible();
  // edited, the address is the owner's: what an address cannot keep is dropped, not refused
  await siteAddress.fill('Meera Textiles!');
  await siteAddress.blur();
  await expect(siteAddress).toHaveValue('meera-textiles');
  await businessName.fill('Meera Textiles & Co.');
  await expect(siteAddress).toHaveValue('meera-textiles');
  await expect(form.getByText(onboardingTexts.nameAvailable)).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill('silk-and-cotton');
  await form.getByLabel('Confirm Password').fill('silk-and-cottom');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(specTexts.signUpPasswordMismatch)).toBeVisible();
  await form.getByLabel('Confirm Password').fill('silk-and-cotton');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(onboardingTexts.checkEmail('meera@shop.test'))).toBeVisible();
  const [signup] = await e2eQuery<{ plan: string; phone_no: string; display_name: string }>(
    "select s.plan, b.phone_no, b.display_name from signups s join businesses b on b.id = s.business_id where b.business_name = 'meera-textiles'",
  );
  expect(signup).toEqual({ plan: 'Pro', phone_no: '9876543210', display_name: 'Meera Textiles & Co.' });

  // the link from the outbox signs the new owner in
  const [mail] = await e2eQuery<{ body: string }>(
    'select body from mail_outbox where "to" = \'meera@shop.test\' order by created_at desc limit 1',
  );
  const link = /http:\/\/\S+\/verifyEmail\?token=\S+/.exec(mail.body)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/userAdmin\/dashboard$/);
  await expect(page.getByRole('banner').getByText('Meera Textiles & Co.', { exact: true })).toHaveText('Meera Textiles & Co.', {
    useInnerText: true,
  });
  const checklist = page.getByRole('region', { name: 'Set up your site' });
  await expect(checklist.getByText('0 of 4 done · Pro plan')).toBeVisible();
  await checklist.getByRole('link', { name: 'Add your first product' }).click();

  await expect(page).toHaveURL(/\/userAdmin\/addProduct$/);
  await page.getByRole('textbox', { name: 'Category', exact: true }).fill('Textiles');
  await page.getByRole('textbox', { name: 'Product Name' }).fill('kanchipuram silk saree');
  await page.getByRole('textbox', { name: 'Description' }).fill('Handwoven pure silk with zari border.');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/userAdmin\/products$/);
  // added as Public, the Add form's default (decision 046)
  const card = page.locator('article', { hasText: 'kanchipuram silk saree' });
  await expect(card.getByRole('button', { name: 'Mark Private' })).toBeVisible();
  const href = await card.getByRole('link', { name: 'View Product' }).getAttribute('href');
  expect(href).toMatch(/^\/meera-textiles\/products\//);

  const visitor = await browser.newPage();
  expect((await visitor.goto(href!))?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: 'kanchipuram silk saree' })).toBeVisible();
  await expect(visitor).toHaveTitle('kanchipuram silk saree | Meera Textiles & Co.');
  await visitor.goto('/meera-textiles/products');
  await expect(visitor.getByText('kanchipuram silk saree').first()).toBeVisible();

  // the platform admin finds the business and blocks the product, with a reason
  const ops = await browser.newPage();
  await ops.goto('/platform');
  await expect(ops).toHaveURL(/\/platform\/signIn$/);
  await ops.getByLabel('Email').fill('ops@stash.test');
  await ops.getByLabel('Password').fill('platform-pass-1');
  await ops.getByRole('button', { name: 'Sign In' }).click();
  await expect(ops.getByRole('heading', { name: 'Businesses' })).toBeVisible();
  await ops.getByRole('searchbox').fill('meera');
  const row = ops.getByRole('row', { name: /meera-textiles/ });
  await expect(row.getByRole('cell', { name: 'Pro', exact: true })).toBeVisible();
  await row.getByRole('link', { name: '1' }).first().click();
  await expect(ops).toHaveURL(/\/platform\/products\?businessId=/);
  await ops.getByRole('button', { name: 'Block kanchipuram silk saree' }).click();
  const dialog = ops.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(dialog.getByText('A reason is required to block')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Listing copies another seller');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(ops.getByText(specTexts.blockedByAdmin)).toBeVisible();
  await ops.goto('/platform/audit');
  await expect(ops.getByRole('cell', { name: 'Listing copies another seller' })).toBeVisible();
  await ops.goto('/platform/mail');
  await expect(ops.getByText('Verify your email for StashBlog').first()).toBeVisible();
  // beside the outbox, the background job queue per type
  await expect(ops.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
  await expect(ops.getByRole('rowheader', { name: 'Mail (SMTP)' })).toBeVisible();
  await expect(ops.getByRole('rowheader', { name: 'Custom domain re-checks' })).toBeVisible();
  await expect(ops.getByRole('rowheader', { name: 'Image widths' })).toBeVisible();
  // at 390 px the table keeps its padding and scrolls in its own box; the page does not scroll sideways
  await ops.setViewportSize({ width: 390, height: 844 });
  const jobs = ops.getByRole('table').filter({ has: ops.getByRole('rowheader', { name: 'Image widths' }) });
  expect(await jobs.evaluate((t) => [getComputedStyle(t.parentElement as Element).overflowX, t.scrollWidth > 390])).toEqual(['auto', true]);
  expect(
    await ops.getByRole('columnheader', { name: 'Running' }).evaluate((th) => Number.parseFloat(getComputedStyle(th).paddingLeft)),
  ).toBeGreaterThanOrEqual(8);
  expect(await ops.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await ops.setViewportSize({ width: 1280, height: 720 });

  // gone from the storefront; the owner sees SPEC's text
  await visitor.goto('/meera-textiles/products');
  await expect(visitor.getByText('kanchipuram silk saree')).toHaveCount(0);
  await page.reload();
  await expect(card.getByText(specTexts.blockedByAdmin, { exact: true })).toBeVisible();
  // the card says SPEC's full text too, and refuses Status and Promote, as a blocked catalogue card does
  await expect(card.getByRole('alert')).toHaveText(specTexts.productBlocked);
  await expect(card.getByRole('button', { name: 'Mark Private' })).toBeDisabled();
  await card.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByText(specTexts.productBlocked)).toBeVisible();

  // an owner token opens nothing in the console's API
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  const refused = await page.request.get('/api/platform/businesses', { headers: { authorization: token ?? '' } });
  expect(refused.status()).toBe(403);
});
