import { privateLinkTexts } from '@stashblog/contract/private-link-texts';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { e2eQuery, e2eWritten } from './e2e-db.ts';
import { expect, type Page, signInAsOwner, test } from './fixtures.ts';

// Issue 9 journey with two devices (two browser contexts): the owner makes a product private, creates a
// one-hour single-user link and copies it; device 1 opens it and sees the product; device 2 opens the same
// URL and is refused; the owner's statistics show 2 visits and viewed.

const productName = 'sandalwood jewellery box';

// Headless Chromium names itself HeadlessChrome, which visit counting rightly treats as a bot.
const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const laptop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

test('a one-hour single-user private link opens on the first device only, and the owner sees the statistics', async ({ browser }) => {
  // A public product of the demo business of its own, so other journeys' demo data stays as it was.
  await e2eQuery(
    `insert into products (business_id, id, product_name, description, category, price_per_unit, is_public)
     select id, gen_random_uuid(), $1, 'Carved by hand in Mysuru.', 'Boxes', 2499, true from businesses where business_name = 'lotus-handicrafts'`,
    [productName],
  );
  await e2eWritten('lotus-handicrafts');

  const ownerContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const owner = await ownerContext.newPage();
  const ownerErrors = watchConsole(owner);
  await signInAsOwner(owner);
  await owner.goto('/userAdmin/products');
  const card = owner.locator('article', { hasText: productName });
  // 'Private Links' is offered for private items only
  await expect(card.getByRole('link', { name: 'Private Links' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Mark Private' }).click();
  await expect(card.getByRole('button', { name: 'Mark Public' })).toBeVisible();
  await card.getByRole('link', { name: 'Private Links' }).click();

  await expect(owner).toHaveURL(/\/userAdmin\/products\/privateLinks\/[^/]+$/);
  await expect(owner).toHaveTitle('Private Links | Admin');
  await expect(owner.getByText('No private links yet.')).toBeVisible();
  await owner.getByRole('link', { name: 'Add Private Link' }).click();
  await expect(owner).toHaveURL(/\/addPrivateLink$/);

  // SPEC §5 messages, then the random generator and a one-hour duration
  await owner.getByRole('button', { name: 'Create Link' }).click();
  await expect(owner.getByText(specTexts.privateLinkRequired)).toBeVisible();
  await owner.getByRole('button', { name: 'Generate' }).click();
  const code = await owner.getByLabel('Private link').inputValue();
  expect(code).toMatch(/^[A-Za-z0-9]{20}$/);
  await owner.getByRole('button', { name: 'Create Link' }).click();
  await expect(owner.getByText(specTexts.privateLinkDurationRequired)).toBeVisible();
  await owner.getByLabel('Unit').selectOption('Hours');
  await owner.getByLabel('Amount').selectOption('1');
  await expect(owner.getByRole('switch')).not.toBeChecked();
  await owner.getByRole('button', { name: 'Create Link' }).click();

  await expect(owner).toHaveURL(/\/editPrivateLink\/[^/]+$/);
  const stats = owner.getByRole('complementary', { name: 'Link statistics' });
  await expect(stats.getByText('Active')).toBeVisible();
  // the live countdown starts just under an hour and ticks every second
  const countdown = stats.getByTestId('countdown');
  await expect(countdown).toHaveText(/^59 minutes \d+ seconds$/);
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before ?? '', { timeout: 3000 });
  await expect(stats.getByTestId('visits')).toHaveText('0');
  await expect(stats.getByTestId('viewed')).toHaveText('No');

  await stats.getByRole('button', { name: 'Copy Link' }).click();
  await expect(owner.getByText(specTexts.linkCopied)).toBeVisible();
  const url = await owner.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(new RegExp(`^http://localhost:\\d+/lotus-handicrafts/privateLink\\?pq=${code}$`));

  // device 1: the first to open it sees the product
  const deviceOne = await browser.newContext({ userAgent: phone });
  const one = await deviceOne.newPage();
  const oneErrors = watchConsole(one);
  const response = await one.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(one.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(one.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  // the title names the product, as its own page's does (issue 22)
  await expect(one).toHaveTitle(`${productName} | Lotus Handicrafts`);
  await expect(one.getByText('₹2,499.00', { exact: true }).first()).toBeVisible();
  await expect(one.getByRole('button', { name: 'Send Query' })).toBeVisible();
  // nothing private is in the server-rendered HTML
  expect(await (await one.request.get(url)).text()).not.toContain(productName);

  // device 2: same URL, another browser profile → refused
  const deviceTwo = await browser.newContext({ userAgent: laptop });
  const two = await deviceTwo.newPage();
  await two.goto(url);
  await expect(two.getByTestId('private-link-refused')).toHaveText(privateLinkTexts.viewerOtherDevice);
  await expect(two).toHaveTitle('Private link');
  await expect(two.getByText(productName)).toHaveCount(0);

  const linkRow = async () =>
    (
      await e2eQuery<{ visits: number; link_viewed: boolean; bound: boolean }>(
        'select visits, link_viewed, device_id is not null as bound from private_links where private_link = $1',
        [code],
      )
    )[0];
  await expect.poll(linkRow).toEqual({ visits: 2, link_viewed: true, bound: true });

  // the owner's statistics: 2 visits, viewed, bound to a device
  await owner.reload();
  await expect(stats.getByTestId('visits')).toHaveText('2');
  await expect(stats.getByTestId('viewed')).toHaveText('Yes');
  await expect(stats.getByText('Bound')).toBeVisible();

  // device 1 still sees it after a reload, and can send a query about the private product
  await one.reload();
  await expect(one.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await one.getByRole('button', { name: 'Send Query' }).click();
  const dialog = one.getByRole('dialog', { name: 'Send Query' });
  await dialog.getByLabel('Name').fill('Meera');
  await dialog.getByLabel('Email').fill('meera.private@example.test');
  await dialog.getByLabel('Phone').fill('9876543210');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(one.getByText(serverTexts.querySent)).toBeVisible();
  const leads = await e2eQuery<{ product_name: string }>("select product_name from leads where email = 'meera.private@example.test'");
  expect(leads).toEqual([{ product_name: productName }]);

  // the list: status, delete with the SPEC confirmation
  await owner.getByRole('link', { name: 'Private Links' }).click();
  const listRow = owner.getByRole('row', { name: new RegExp(code) });
  await expect(listRow.getByText('Active')).toBeVisible();
  await listRow.getByRole('button', { name: 'Delete' }).click();
  await expect(owner.getByText(specTexts.confirmDeleteLink)).toBeVisible();
  await owner.getByRole('button', { name: 'Yes' }).click();
  await expect(owner.getByText('No private links yet.')).toBeVisible();
  await one.reload();
  await expect(one.getByTestId('private-link-refused')).toHaveText(privateLinkTexts.viewerNotFound);

  expect(oneErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  expect(ownerErrors).toEqual([]);
  await Promise.all([ownerContext.close(), deviceOne.close(), deviceTwo.close()]);
});
