import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { visibilityTexts } from '@stashblog/contract/visibility-texts';
import { e2eQuery } from './e2e-db.ts';
import { expect, type Page, signInAsOwner, test } from './fixtures.ts';
import { e2ePort } from './playwright.config.ts';

const encode = (id: string) => Buffer.from(JSON.stringify(id)).toString('base64');

async function catalogueId(name: string): Promise<string> {
  const [row] = await e2eQuery<{ id: string }>('select id from catalogues where catalogue_name = $1', [name]);
  return row.id;
}

async function pick(page: Page, productName: string) {
  await page.getByPlaceholder('Search your products by name').fill(productName);
  const box = page.getByRole('list', { name: 'Your products' }).getByRole('checkbox', { name: productName });
  await box.check();
  await expect(page.getByRole('list', { name: 'Selected products' }).getByText(productName, { exact: true })).toBeVisible();
}

// Issue 3 journey: the owner builds a catalogue and publishes it; a visitor sorts, scrolls, picks
// two products and sends a query, which is stored as a catalogue lead.
test('owner creates and publishes a catalogue; a visitor sorts, scrolls, selects and sends a query', async ({ page, browser }) => {
  await signInAsOwner(page);
  await page.goto('/userAdmin/addCatalogue');
  await page.getByRole('button', { name: 'Add Catalogue' }).click();
  await expect(page.getByText(specTexts.catalogueNameRequired)).toBeVisible();
  await expect(page.getByText(specTexts.catalogueDescriptionRequired)).toBeVisible();
  await expect(page.getByText(specTexts.catalogueMinProducts)).toBeVisible();

  // each message goes as soon as its field is corrected (issue 22)
  await page.getByLabel('Catalogue Name').fill('e2e gift hamper');
  await expect(page.getByText(specTexts.catalogueNameRequired)).toHaveCount(0);
  await expect(page.getByText(specTexts.catalogueDescriptionRequired)).toBeVisible();
  await page.getByLabel('Description').fill('Three hand-picked gifts.');
  await expect(page.getByText(specTexts.catalogueDescriptionRequired)).toHaveCount(0);
  for (const name of ['Lac bead necklace', 'Kundan drop earrings', 'Brass diya lamp']) await pick(page, name);
  await expect(page.getByText(specTexts.catalogueMinProducts)).toHaveCount(0);
  // Public is the default; this journey adds it as Private and publishes it from its card
  await expect(page.getByRole('radio', { name: /^Public/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Private/ }).check();
  await page.getByRole('button', { name: 'Add Catalogue' }).click();
  await expect(page.getByText(visibilityTexts.created('catalogue', 'private'))).toBeVisible();
  await expect(page).toHaveURL(/\/userAdmin\/catalogues$/);

  const card = page.locator('article', { hasText: 'e2e gift hamper' });
  await expect(card.getByText('3 Products')).toBeVisible();
  // the minimum also blocks removal on edit (SPEC §5)
  await card.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Remove Brass diya lamp' }).click();
  await expect(page.getByRole('alert').filter({ hasText: specTexts.catalogueMinProducts })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Selected products' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('link', { name: 'Catalogues', exact: true }).first().click();

  await card.getByRole('button', { name: 'Mark Public' }).click();
  await expect(page.getByText(serverTexts.cataloguePublic)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mark Private' })).toBeVisible();

  const visitor = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const own = await visitor.goto(`/lotus-handicrafts/catalogues/${encode(await catalogueId('e2e gift hamper'))}`);
  expect(own?.status()).toBe(200);
  await expect(visitor).toHaveTitle('E2e Gift Hamper | Lotus Handicrafts');
  await expect(visitor.getByRole('heading', { level: 1, name: 'e2e gift hamper' })).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Catalogue products' }).getByRole('listitem')).toHaveCount(3);

  // a demo catalogue of 12 products: 10 on the first wide page, 2 more on scrolling
  await visitor.goto(`/lotus-handicrafts/catalogues/${encode(await catalogueId('festive picks'))}`);
  await expect(visitor.getByText(specTexts.faqHeading)).toBeVisible();
  await expect(visitor.getByText(specTexts.faqEmpty)).toBeVisible();
  const items = visitor.getByRole('list', { name: 'Catalogue products' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  await visitor.getByLabel('Sort by').selectOption('Alphabetically A-Z');
  await expect(items.first()).toContainText('Bandhani silk dupatta');
  await expect(items).toHaveCount(10);
  const secondPage = visitor.waitForRequest(
    (r) => r.url().includes('/api/public/catalogues/fetchProducts') && r.url().includes('pageNo=2'),
  );
  await visitor.mouse.wheel(0, 10_000);
  await secondPage;
  await expect(items).toHaveCount(12);
  await expect(items.last()).toContainText('Terracotta planter set');

  // quick view
  await visitor.getByRole('button', { name: 'View Bandhani silk dupatta' }).click();
  const quick = visitor.getByRole('dialog', { name: 'Bandhani silk dupatta' });
  await expect(quick.getByText('#bandhani')).toBeVisible();
  await quick.getByRole('button', { name: 'Close' }).click();
  await expect(quick).toBeHidden();

  // selection mode
  await expect(visitor.getByRole('button', { name: 'Send Query' })).toBeHidden();
  await visitor.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(visitor.getByRole('button', { name: 'Deselect all' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Send Query' })).toBeHidden();
  await visitor.getByRole('checkbox', { name: 'Select Bandhani silk dupatta' }).check();
  await visitor.getByRole('checkbox', { name: 'Select Terracotta planter set' }).check();
  await visitor.getByRole('button', { name: 'Send Query' }).click();

  const form = visitor.getByRole('dialog', { name: 'Send Query' });
  await form.getByLabel('Name').fill('Meera Shah');
  await form.getByLabel('Email').fill('meera@example.test');
  await form.getByLabel('Phone').fill('98765');
  await form.getByLabel('Query').fill('Price for 50 of each?');
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(form.getByText(specTexts.queryPhoneInvalid)).toBeVisible();
  await form.getByLabel('Phone').fill('98765012345'); // the input keeps 10 characters
  await expect(form.getByLabel('Phone')).toHaveValue('9876501234');
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(visitor.getByText(serverTexts.querySent)).toBeVisible();
  await expect(form).toBeHidden();
  await visitor.close();

  const [lead] = await e2eQuery<{ products: string[]; catalogue_name: string; phone_no: string }>(
    "select products, catalogue_name, phone_no from leads where email = 'meera@example.test'",
  );
  const wanted = await e2eQuery<{ id: string }>(
    "select id from products where product_name in ('Bandhani silk dupatta', 'Terracotta planter set') order by id",
  );
  expect([...lead.products].sort()).toEqual(wanted.map((w) => w.id));
  expect(lead.catalogue_name).toBe('festive picks');
  expect(lead.phone_no).toBe('9876501234');
});

test('the public catalogue page is server-rendered with title, heading and the first page of products', async ({ request }) => {
  const id = await catalogueId('festive picks');
  const res = await request.get(`/lotus-handicrafts/catalogues/${encode(id)}`, { headers: { 'user-agent': 'curl/8.0' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<title>Festive Picks | Lotus Handicrafts</title>');
  expect(html).toMatch(/<h1[^>]*>festive picks<\/h1>/);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:${e2ePort}/lotus-handicrafts/catalogues/[^"]+"`));
  // the first wide page: the 10 newest of 12 members
  const first = await e2eQuery<{ product_name: string }>(
    `select p.product_name from catalogue_products cp join products p on p.business_id = cp.business_id and p.id = cp.product_id
     where cp.catalogue_id = $1 order by p.created_at desc limit 10`,
    [id],
  );
  expect(first).toHaveLength(10);
  for (const p of first) expect(html).toContain(`>${p.product_name}</h2>`);
  expect(html.match(/aria-label="View /g)).toHaveLength(10);

  // private or unknown catalogues answer the 404 page
  const missing = await request.get(`/lotus-handicrafts/catalogues/${encode('01900000-0000-7000-8000-000000000000')}`);
  expect(missing.status()).toBe(404);
});

test("the product page's Send Query stores a product lead", async ({ page }) => {
  const [p] = await e2eQuery<{ id: string }>("select id from products where product_name = 'Brass diya lamp'");
  await page.goto(`/lotus-handicrafts/products/${encode(p.id)}`);
  await page.getByRole('button', { name: 'Send Query' }).click();
  const form = page.getByRole('dialog', { name: 'Send Query' });
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(form.getByText(specTexts.queryEmailRequired)).toBeVisible();
  await expect(form.getByText(specTexts.queryNameRequired)).toBeVisible();
  await form.getByLabel('Name').fill('Arjun');
  await form.getByLabel('Email').fill('arjun@example.test');
  await form.getByLabel('Phone').fill('9000012345');
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(serverTexts.querySent)).toBeVisible();
  const [lead] = await e2eQuery<{ fk_product_id: string; product_name: string }>(
    "select fk_product_id, product_name from leads where email = 'arjun@example.test'",
  );
  expect(lead).toEqual({ fk_product_id: p.id, product_name: 'Brass diya lamp' });
});

// Issue 22 item 4: a catalogue added as Public (the default) is on the storefront at once.
test('a catalogue added as Public is on the storefront at once, and the toast says so', async ({ page, browser }) => {
  try {
    await signInAsOwner(page);
    await page.goto('/userAdmin/addCatalogue');
    await page.getByLabel('Catalogue Name').fill('e2e public trio');
    await page.getByLabel('Description').fill('Three things, public from the start.');
    for (const name of ['Lac bead necklace', 'Kundan drop earrings', 'Brass diya lamp']) await pick(page, name);
    await expect(page.getByRole('radio', { name: /^Public/ })).toBeChecked();
    await page.getByRole('button', { name: 'Add Catalogue' }).click();
    await expect(page.getByText(visibilityTexts.created('catalogue', 'storefront'))).toBeVisible();
    const card = page.locator('article', { hasText: 'e2e public trio' });
    await expect(card.getByRole('button', { name: 'Mark Private' })).toBeVisible();
    const visitor = await browser.newPage();
    expect((await visitor.goto(`/lotus-handicrafts/catalogues/${encode(await catalogueId('e2e public trio'))}`))?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name: 'e2e public trio' })).toBeVisible();
    await visitor.close();
  } finally {
    await e2eQuery("delete from catalogues where catalogue_name = 'e2e public trio'");
  }
});
