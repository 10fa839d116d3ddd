import { expect, signInAsOwner, test } from './fixtures.ts';

// React Query's provider lives in the admin layout, not in root (decision 023): every workspace page
// must still find it, whether opened from the nav (client navigation) or loaded directly, and after a
// visit to the storefront (which has none) and back.
const pages = [
  { nav: 'Dashboard', heading: 'Dashboard' },
  { nav: 'Products', heading: 'Products' },
  { nav: 'Catalogues', heading: 'Catalogues' },
  { nav: 'Leads', heading: 'Leads' },
  { nav: 'Profile', heading: 'Profile' },
  { nav: 'Forum', heading: 'Forum' },
  { nav: 'Settings', heading: 'Settings' },
];

test('every workspace page opens from the nav and directly, also after a storefront visit', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInAsOwner(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const { nav: label, heading } of pages) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  }
  await page.goto('/userAdmin/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

  // To the storefront's product page (no query provider there), then into the workspace by client
  // navigation through the signed-in owner's store nav.
  await page.goto('/lotus-handicrafts/products');
  await page.locator('main a[href*="/lotus-handicrafts/products/"]').first().click();
  await expect(page).toHaveURL(/\/lotus-handicrafts\/products\/.+/);
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await nav.getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  expect(errors).toEqual([]);
});
