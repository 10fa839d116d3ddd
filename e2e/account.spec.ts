import { accountTexts, encodePassword } from '@stashblog/contract/auth';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { e2eQuery } from './e2e-db.ts';
import { expect, type Page, test } from './fixtures.ts';

// Account recovery and the sign-in email (issue 20): each journey uses a business it signs up itself
// and reads its mails from the outbox, as an operator without SMTP would.

async function lastLink(to: string, page: 'verifyEmail' | 'resetPassword' | 'confirmEmail'): Promise<string> {
  const [mail] = await e2eQuery<{ body: string }>('select body from mail_outbox where "to" = $1 order by created_at desc limit 1', [to]);
  const link = new RegExp(`http://\\S+/${page}\\?token=\\S+`).exec(mail?.body ?? '')?.[0];
  expect(link, `a ${page} link mailed to ${to}`).toBeTruthy();
  return link as string;
}

/** Signs a new business up through the API and verifies it through its mailed link; leaves the browser signed out. */
async function newBusiness(page: Page, businessName: string, email: string, password: string) {
  const res = await page.request.post('/api/onboarding/signUp', {
    data: {
      plan: 'Basic',
      name: 'Nila Menon',
      email,
      phoneNo: '9876543210',
      address: '7 Beach Road, Kochi',
      displayName: businessName,
      businessName,
      password: encodePassword(password),
    },
  });
  expect(res.status()).toBe(201);
  await page.goto(await lastLink(email, 'verifyEmail'));
  await expect(page).toHaveURL(/\/userAdmin\/dashboard$/);
  await page.evaluate(() => window.localStorage.clear());
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signIn');
  const form = page.locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('forgot password: a mailed link sets a new password once; the old one stops working', async ({ page }) => {
  const email = 'nila@coir.test';
  await newBusiness(page, 'nila-coir', email, 'old-coir-pass');

  // 'Forgot Password?' keeps its place on the sign-in page and leads to the reset request
  await page.goto('/signIn');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: accountTexts.resetRequested })).toBeVisible();

  // the page the mail's link opens: Change Password's fields and warnings
  const link = await lastLink(email, 'resetPassword');
  await page.goto(link);
  const save = page.getByRole('button', { name: 'Save new password' });
  await expect(save).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill('new-coir-pass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('new-coir-pas');
  await expect(page.getByRole('img', { name: 'Passwords do not match' })).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Confirm new password', { exact: true }).fill('new-coir-pass');
  await expect(page.getByRole('img', { name: 'Passwords match' })).toBeVisible();
  await save.click();
  await expect(page).toHaveURL(/\/signIn$/);
  await expect(page.getByText(accountTexts.passwordReset)).toBeVisible();

  // the old password is refused, the new one signs in
  await signIn(page, email, 'old-coir-pass');
  await expect(page.getByText(serverTexts.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/signIn$/);
  await page.locator('form').getByLabel('Password').fill('new-coir-pass');
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/userAdmin\/dashboard$/);

  // the link works once: opened again it says so and offers a new one
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: accountTexts.resetLinkUsed })).toBeVisible();
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
});

test('profile: a new sign-in email needs the password and takes effect when its link is opened', async ({ page }) => {
  const email = 'arun@brass.test';
  await newBusiness(page, 'arun-brass', email, 'brass-lamp-pass');
  await signIn(page, email, 'brass-lamp-pass');
  await expect(page).toHaveURL(/\/userAdmin\/dashboard$/);
  await page.goto('/userAdmin/userProfileInfo');
  await expect(page.getByRole('heading', { name: 'Basic Info' })).toBeVisible();

  await page.getByLabel('Email').fill('arun@bell-metal.test');
  const current = page.getByLabel('Current password', { exact: true });
  await expect(current).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: accountTexts.emailPasswordRequired })).toBeVisible();
  await current.fill('brass-lamp-pass');
  await page.getByRole('button', { name: 'Save' }).click();

  // after the save the page reloads: the sign-in email is still the old one, the new one is pending
  await expect(page.getByRole('status').filter({ hasText: accountTexts.emailPending('arun@bell-metal.test') })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  const [notice] = await e2eQuery<{ subject: string }>('select subject from mail_outbox where "to" = $1 order by created_at desc limit 1', [
    email,
  ]);
  expect(notice.subject).toBe(accountTexts.emailNoticeSubject);

  await page.goto(await lastLink('arun@bell-metal.test', 'confirmEmail'));
  await expect(page.getByRole('status').filter({ hasText: accountTexts.emailConfirmed('arun@bell-metal.test') })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('arun@bell-metal.test');
  await expect(page.getByText(accountTexts.emailPending('arun@bell-metal.test'))).toBeHidden();
});

test('change password: Save waits for a matching pair, blank passwords are warned, and the new one signs in', async ({ page }) => {
  const email = 'ravi@jute.test';
  await newBusiness(page, 'ravi-jute', email, 'old-jute-pass');
  await signIn(page, email, 'old-jute-pass');
  await expect(page).toHaveURL(/\/userAdmin\/dashboard$/);

  await page.goto('/userAdmin/settings/changePassword');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  const current = page.getByLabel('Current password', { exact: true });
  await expect(save).toBeDisabled();
  // spaces alone count as empty (SPEC §5): the first warning in order
  await current.fill('   ');
  await page.getByLabel('New password', { exact: true }).fill('new-jute-pass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('new-jute-pass');
  await expect(page.getByRole('img', { name: 'Passwords match' })).toBeVisible();
  await save.click();
  await expect(page.getByText(specTexts.currentPasswordRequired)).toBeVisible();

  // show/hide from the keyboard, then confirm and save
  await current.fill('old-jute-pass');
  await page.getByRole('button', { name: 'Show current password' }).press('Enter');
  await expect(current).toHaveAttribute('type', 'text');
  await save.click();
  await page.getByRole('dialog', { name: specTexts.confirmChangePassword }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(serverTexts.passwordChanged)).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(save).toBeDisabled();

  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, email, 'new-jute-pass');
  await expect(page).toHaveURL(/\/userAdmin\/dashboard$/);
});
