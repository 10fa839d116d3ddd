import { specTexts } from '@stashblog/contract/spec-texts';
import { expect, signInAsOwner, test } from './fixtures.ts';

// The admin Sign Out page (SPEC §2/§4) uses the same Logout button as the navs: asks first, signs
// out on the server, and the workspace is closed to this browser afterwards.
test('the owner signs out from the admin Sign Out page after confirming', async ({ page, request }) => {
  await signInAsOwner(page);
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  expect(token).toBeTruthy();
  await page.goto('/userAdmin/signOut');
  await expect(page.getByRole('heading', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByText('demo@stashblog.test')).toBeVisible();

  // Saying no keeps the owner signed in.
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: specTexts.confirmLogout });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/userAdmin\/signOut$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: specTexts.confirmLogout }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/signIn$/);
  expect(await page.evaluate(() => localStorage.getItem('authorization'))).toBeNull();
  await page.goto('/userAdmin/dashboard');
  await expect(page).toHaveURL(/\/signIn$/);
  // The token was revoked on the server, not only forgotten by this browser.
  const res = await request.get('/api/auth/user/fetch', { headers: { authorization: token as string } });
  expect(res.status()).toBe(401);
});
