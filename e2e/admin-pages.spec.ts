import { specTexts } from '@stashblog/contract/spec-texts';
import { e2eQuery, e2eWritten } from './e2e-db.ts';
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

// Issue 22 item 3: the owner's way around the workspace.
test("the admin 'Home' is the owner's store, 'View store' opens it in a new tab", async ({ page }) => {
  await signInAsOwner(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  const nav = page.getByRole('navigation', { name: 'Admin' });
  const view = nav.getByRole('link', { name: /^View store/ });
  await expect(view).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), view.click()]);
  await expect(tab).toHaveURL(/\/lotus-handicrafts\/home$/);
  await expect(tab.getByRole('navigation', { name: 'Business' })).toBeVisible();
  await tab.close();
  await expect(page).toHaveURL(/\/userAdmin\/dashboard$/);

  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/lotus-handicrafts\/home$/);
  await expect(page.getByRole('navigation', { name: 'Business' })).toBeVisible();
});

test('cards and edit pages lead to the item’s leads; Edit returns to the tab it came from', async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/userAdmin/products');
  const card = page.locator('article').first();
  const name = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await card.getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page).toHaveURL(/\/userAdmin\/products\/leads\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Product Leads' })).toBeVisible();
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();

  await page.goto('/userAdmin/catalogues');
  await page.locator('article').first().getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page).toHaveURL(/\/userAdmin\/catalogues\/leads\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue Leads' })).toBeVisible();

  // Promoted tab → Edit → Update: back on the Promoted tab, not Casual
  await page.goto('/userAdmin/products');
  await page.getByRole('tab', { name: 'Promoted' }).click();
  await expect(page).toHaveURL(/\/userAdmin\/products\?tab=promoted$/);
  const promoted = page.locator('article', { has: page.getByText('Promoted', { exact: true }) }).first();
  await promoted.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/userAdmin\/editProduct\/[^/?]+\?tab=promoted$/);
  await page.getByRole('link', { name: 'Product Leads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Product Leads' })).toBeVisible();
  await page.goBack();
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page).toHaveURL(/\/userAdmin\/products\?tab=promoted$/);
  await expect(page.getByRole('tab', { name: 'Promoted' })).toHaveAttribute('aria-selected', 'true');
  // the way back from the edit page keeps it too, for catalogues as well
  await page.goto('/userAdmin/catalogues?tab=promoted');
  await expect(page.getByRole('tab', { name: 'Promoted' })).toHaveAttribute('aria-selected', 'true');
  await page.locator('article').first().getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Catalogues', exact: true }).click();
  await expect(page).toHaveURL(/\/userAdmin\/catalogues\?tab=promoted$/);
});

test('a blocked product card shows SPEC’s full text with Status and Promote disabled, as a blocked catalogue card', async ({ page }) => {
  const [row] = await e2eQuery<{ id: string; product_name: string }>(
    `update products set is_blocked = true
      where id = (select p.id from products p join businesses b on b.id = p.business_id
                   where b.business_name = 'lotus-handicrafts' and not p.is_promoted order by p.created_at limit 1)
      returning id, product_name`,
  );
  await e2eWritten('lotus-handicrafts');
  try {
    await signInAsOwner(page);
    await page.goto('/userAdmin/products');
    await page.getByPlaceholder('Search by product name').fill(row.product_name);
    const card = page.locator('article', { hasText: row.product_name });
    await expect(card.getByText(specTexts.blockedByAdmin, { exact: true })).toBeVisible();
    await expect(card.getByRole('alert')).toHaveText(specTexts.productBlocked);
    await expect(card.getByRole('button', { name: /^Mark (Public|Private)$/ })).toBeDisabled();
    await expect(card.getByRole('button', { name: /^(Promote|Demote)$/ })).toBeDisabled();
  } finally {
    await e2eQuery('update products set is_blocked = false where id = $1', [row.id]);
    await e2eWritten('lotus-handicrafts');
  }
});

test('the empty Promoted tab says so, not "No products yet."', async ({ page }) => {
  const demoted = await e2eQuery<{ id: string }>(
    `update products set is_promoted = false
      where is_promoted and business_id = (select id from businesses where business_name = 'lotus-handicrafts')
      returning id`,
  );
  await e2eWritten('lotus-handicrafts');
  try {
    await signInAsOwner(page);
    await page.goto('/userAdmin/products?tab=promoted');
    await expect(page.getByText('No promoted products yet.')).toBeVisible();
    await expect(page.getByText('No products yet.')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Casual' }).click();
    await expect(page.locator('article').first()).toBeVisible();
  } finally {
    await e2eQuery('update products set is_promoted = true where id = any($1)', [demoted.map((d) => d.id)]);
    await e2eWritten('lotus-handicrafts');
  }
});

test('the dashboard pluralises its counts and gives no rate for a handful of visits', async ({ page }) => {
  // The owner's real insights, with the figures of a shop that has just opened (5 visits, 2 leads)
  // and then of one whose enquiries outnumber its visits.
  let totals = { visits: 5, leads: 2 };
  await page.route('**/api/userAdmin/insights/fetch**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.payload.totals = { ...body.payload.totals, ...totals };
    body.payload.topProductsByLeads = [
      { _id: '0192f0e0-0000-7000-8000-000000000001', name: 'single lead lamp', count: 1 },
      { _id: '0192f0e0-0000-7000-8000-000000000002', name: 'two lead vase', count: 2 },
    ];
    await route.fulfill({ response, json: body });
  });
  await signInAsOwner(page);
  const rate = page.getByTestId('stat-leads-per-100-visits');
  await expect(rate).toHaveText('Too few visits yet');
  const byLeads = page.locator('section', { has: page.getByRole('heading', { name: 'Top products by leads' }) });
  await expect(byLeads.getByText('1 lead', { exact: true })).toBeVisible();
  await expect(byLeads.getByText('2 leads', { exact: true })).toBeVisible();
  await expect(byLeads.getByRole('link', { name: 'single lead lamp' })).toHaveAttribute('href', /\/userAdmin\/products\/leads\//);

  totals = { visits: 40, leads: 80 };
  await page.getByRole('tab', { name: 'Last 90 days' }).click();
  await expect(rate).toHaveText('100');
  totals = { visits: 40, leads: 3 };
  await page.getByRole('tab', { name: 'Last 30 days' }).click();
  await expect(rate).toHaveText('7.5');
});

test('toasts sit bottom right, clear of the bell and the nav, wide and narrow', async ({ page }) => {
  await signInAsOwner(page);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/userAdmin/products');
    const card = page.locator('article').first();
    const promote = card.getByRole('button', { name: /^(Promote|Demote)$/ });
    for (let i = 0; i < 2; i++) {
      await promote.click();
      await expect(card).not.toHaveAttribute('aria-busy', 'true');
    }
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    const header = await page.locator('header').first().boundingBox();
    const box = await toast.boundingBox();
    expect(box && header).toBeTruthy();
    // below the header, in the lower half, at the right
    expect(box!.y).toBeGreaterThan(header!.y + header!.height);
    expect(box!.y + box!.height / 2).toBeGreaterThan(400);
    expect(box!.x + box!.width).toBeGreaterThan(width - 40);
  }
});
