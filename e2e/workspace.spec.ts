import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { themeNames } from '@stashblog/contract/themes';
import sharp from 'sharp';
import { e2eQuery } from './e2e-db.ts';
import { expect, signInAsOwner, test } from './fixtures.ts';

// Issue 11 journey on the second demo business (no other journey uses it): visitors generate visits,
// the owner uploads a logo and two banners with crop and sees the upload progress, the storefront
// shows the new banners, theme5 + template1 reach visitors, and the dashboard charts the visits.
const business = 'spice-route-exports';
// A real browser's User-Agent: headless Chromium's own is (rightly) not counted as a visitor.
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

async function image(width: number, height: number, r: number, g: number, b: number) {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

test('owner workspace: profile images with crop and progress, theme and template, insights', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });

  // Visitors: three people open the storefront (a visitor counts once per item per day, so each
  // has a browser of their own), then one more visitor follows the owner's changes below.
  for (let i = 1; i <= 3; i++) {
    const person = await browser.newContext({ userAgent: userAgent.replace('126.0.0.0', `126.0.0.${i}`), serviceWorkers: 'block' });
    const p = await person.newPage();
    const visit = p.waitForResponse((r) => r.url().includes('/api/public/user/visits'));
    await p.goto(`/${business}/home`);
    await visit;
    await person.close();
  }
  const visitor = await browser.newContext({ userAgent, serviceWorkers: 'block' });
  const v = await visitor.newPage();
  const counted = async (load: () => Promise<unknown>) => {
    const visit = v.waitForResponse((r) => r.url().includes('/api/public/user/visits'));
    await load();
    await visit;
  };
  const [visitsBefore] = await e2eQuery<{ total: string }>(
    `select coalesce(sum(d.count), 0)::text as total from daily_visits d join businesses b on b.id = d.business_id where b.business_name = $1`,
    [business],
  );
  expect(Number(visitsBefore.total)).toBeGreaterThanOrEqual(3);

  await signInAsOwner(page, 'spice@stashblog.test');
  await page.goto('/userAdmin/userProfileInfo');
  await expect(page).toHaveURL(/\/userAdmin\/userProfileInfo$/);
  await expect(page).toHaveTitle(/Admin$/);
  await expect(page.getByRole('heading', { name: 'Basic Info' })).toBeVisible();

  // SPEC §5: the contact input refuses more than 10 characters; the order of messages.
  const contact = page.getByLabel('Contact number');
  await contact.fill('98765432101234');
  await expect(contact).toHaveValue('9876543210');
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: specTexts.profileEmailRequired })).toBeVisible();
  await page.getByLabel('Email').fill('spice@stashblog.test');

  // Logo: the demo shop has one; pick another, crop.
  await page
    .getByLabel('Change logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await image(400, 400, 20, 120, 60) });
  await page.getByRole('dialog', { name: 'Crop logo.png' }).getByRole('button', { name: 'Crop', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Logo' }).locator('img')).toHaveCount(1);

  // Banners: drop the demo ones, then add two new ones, each cropped to 16:9.
  const banners = page.getByRole('list', { name: 'Banners' });
  while ((await banners.locator('li').count()) > 0) await page.getByRole('button', { name: 'Remove banners 1' }).click();
  await page.getByLabel('Add banners').setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: await image(1600, 900, 200, 40, 40) },
    { name: 'second.png', mimeType: 'image/png', buffer: await image(1200, 1200, 40, 40, 200) },
  ]);
  for (const name of ['first.png', 'second.png']) {
    const dialog = page.getByRole('dialog', { name: `Crop ${name}` });
    await expect(dialog.getByText('Aspect 16:9')).toBeVisible();
    await dialog.getByRole('button', { name: 'Crop', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(banners.locator('li')).toHaveCount(2);

  // Slow the uploads down a little so the progress is there to be seen.
  await page.route('**/api/media/upload/**', async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save' }).click();
  const progress = page.getByRole('status', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect(progress.getByText('30%').first()).toBeVisible();
  await expect(progress.getByText('Banner 2')).toBeVisible();
  // The page reloads after the save and shows the saved images.
  await expect(page.getByRole('list', { name: 'Banners' }).getByRole('img', { name: /\(saved\)/ })).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Logo' }).getByRole('img', { name: /\(saved\)/ })).toHaveCount(1);
  await page.unroute('**/api/media/upload/**');

  const [saved] = await e2eQuery<{ banners: string[]; logo: string | null }>(
    'select banners, logo from businesses where business_name = $1',
    [business],
  );
  expect(saved.banners).toHaveLength(2);
  expect(saved.logo).not.toBeNull();

  // The storefront home shows exactly the two new banners.
  await counted(() => v.goto(`/${business}/home`));
  for (const key of saved.banners) await expect(v.locator(`img[src*="${key}"], img[srcset*="${key}"]`).first()).toBeAttached();

  // Theme 5 + Template 1: a preview link opens in a new tab, Save applies it for visitors.
  await page.goto('/userAdmin/settings');
  await expect(page).toHaveTitle(/Admin$/);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(4);
  await page.getByRole('link', { name: 'Theme & Templates' }).click();
  await expect(page).toHaveURL(/\/userAdmin\/settings\/themes$/);
  await page.getByText(themeNames.theme5, { exact: true }).click();
  await page.getByRole('radio', { name: 'Template 1' }).check();
  const preview = page.getByRole('link', { name: /Preview Template 1/ });
  await expect(preview).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), preview.click()]);
  await expect(tab.locator('[data-theme="theme5"][data-template="template1"]')).toBeAttached();
  await tab.close();
  // previews change nothing until saved
  await counted(() => v.reload());
  await expect(v.locator('[data-theme]').first()).not.toHaveAttribute('data-theme', 'theme5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(serverTexts.themeUpdated)).toBeVisible();
  await counted(() => v.reload());
  await expect(v.locator('[data-theme="theme5"][data-template="template1"]')).toBeAttached();

  // Dashboard: the visits generated above are counted and charted.
  await page.goto('/userAdmin/dashboard');
  const [visitsNow] = await e2eQuery<{ total: string; profile: string }>(
    `select coalesce(sum(d.count), 0)::text as total, coalesce(sum(d.count) filter (where subject_type = 'profile'), 0)::text as profile
       from daily_visits d join businesses b on b.id = d.business_id
      where b.business_name = $1 and d.day > (now() at time zone 'Asia/Kolkata')::date - 30`,
    [business],
  );
  // the three visitors and the one who followed the changes (their reloads count once)
  expect(Number(visitsNow.profile)).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('stat-visits')).toHaveText(new Intl.NumberFormat('en-IN').format(Number(visitsNow.total)));
  const chart = page.getByRole('region', { name: 'Visits per day, last 30 days' });
  await expect(chart.locator('.recharts-area-area')).toHaveCount(3);
  // Today is the right-most day: its tooltip shows today's storefront visits.
  const surface = chart.getByRole('application');
  const box = await surface.boundingBox();
  await surface.hover({ position: { x: (box?.width ?? 100) - 12, y: 100 } });
  await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText(`Storefront : ${visitsNow.profile}`);
  await page.getByRole('tab', { name: 'Last 90 days' }).click();
  await expect(page.getByRole('region', { name: 'Visits per day, last 90 days' })).toBeVisible();

  expect(consoleErrors).toEqual([]);
  await visitor.close();
});

test('PWA: manifest, and the service worker serves a visited storefront page offline but never caches API answers', async ({
  browser,
  request,
}) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect((await manifest.json()).icons.length).toBeGreaterThan(0);

  const context = await browser.newContext({ userAgent, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`/${business}/home`);
  // a storefront installs as itself (issue 22): its own manifest opens the store, not the dashboard
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/${business}/store.webmanifest`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload(); // now controlled: the page goes into the cache
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const cachedUrls = async () =>
    page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
      return urls;
    });
  await expect.poll(async () => (await cachedUrls()).includes(`/${business}/home`)).toBe(true);
  await page.evaluate(() => fetch('/api/public/user/fetchHome?businessName=spice-route-exports').then((r) => r.json()));
  expect((await cachedUrls()).filter((u) => u.startsWith('/api/') || u.startsWith('/userAdmin'))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('[data-theme]').first()).toBeAttached();
  await context.close();
});
