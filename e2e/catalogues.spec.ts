import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { visibilityTexts } from '@stashblog/contract/visibility-texts';
import { e2eQuery, e2eWritten } from './e2e-db.ts';
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
  await expect(visitor).toHaveTitle('e2e gift hamper | Lotus Handicrafts');
  await expect(visitor.getByRole('heading', { level: 1, name: 'e2e gift hamper' })).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Catalogue products' }).getByRole('listitem')).toHaveCount(3);

  // a demo catalogue of 12 products: 10 on the first wide page, 2 more on scrolling
  await visitor.goto(`/lotus-handicrafts/catalogues/${encode(await catalogueId('Festive picks'))}`);
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
  expect(lead.catalogue_name).toBe('Festive picks');
  expect(lead.phone_no).toBe('9876501234');
});

test('the public catalogue page is server-rendered with title, heading and the first page of products', async ({ request }) => {
  const id = await catalogueId('Festive picks');
  const res = await request.get(`/lotus-handicrafts/catalogues/${encode(id)}`, { headers: { 'user-agent': 'curl/8.0' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<title>Festive picks | Lotus Handicrafts</title>');
  expect(html).toMatch(/<h1[^>]*>Festive picks<\/h1>/);
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

// Issue 22 items 6 and 8: the catalogue page's banner, page size, the product page's suggestions, and focus after a dialog.
const festivePicks = async () => `/lotus-handicrafts/catalogues/${encode(await catalogueId('Festive picks'))}`;
/** React has hydrated the page: its handlers are on this server-rendered element. */
const hydrated = (page: Page, selector: string) =>
  expect
    .poll(() =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))),
    )
    .toBe(true);

for (const width of [1366, 390]) {
  test(`the catalogue banner shows each image whole on its backdrop, never upscaled (${width} px)`, async ({ browser }) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(await festivePicks());
    const image = page.getByRole('region', { name: 'festive picks images' }).getByRole('img', { name: 'festive picks' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const measure = () =>
      image.evaluate(async (img: HTMLImageElement) => {
        // what the browser drew: the file's shape fitted ('contain') inside the element's box
        const file = await createImageBitmap(await (await fetch(img.currentSrc)).blob());
        const aspect = file.width / file.height;
        const box = { width: img.clientWidth, height: img.clientHeight };
        const drawn =
          box.width / box.height > aspect
            ? { width: box.height * aspect, height: box.height }
            : { width: box.width, height: box.width / aspect };
        const frame = img.closest('section')?.getBoundingClientRect();
        return {
          fit: getComputedStyle(img).objectFit,
          file: { width: file.width, height: file.height },
          drawn,
          frame: { width: frame?.width ?? 0, height: frame?.height ?? 0 },
        };
      });
    await expect
      .poll(async () => {
        const m = await measure();
        return m.fit === 'contain' && m.drawn.width <= m.file.width + 1 && m.drawn.height <= m.file.height + 1;
      })
      .toBe(true);
    const m = await measure();
    // whole: nothing is cut off, and the frame keeps its wide shape around it
    expect(m.drawn.width).toBeLessThanOrEqual(m.frame.width + 1);
    expect(m.drawn.height).toBeLessThanOrEqual(m.frame.height + 1);
    expect(m.frame.width / m.frame.height).toBeGreaterThan(1.7);
    await page.close();
  });
}

test('below 1280 px the catalogue page loads 6 products a page (SPEC §9)', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/api/public/catalogues/fetchProducts') && asked.push(r.url()));
  await page.goto(await festivePicks());
  const items = page.getByRole('list', { name: 'Catalogue products' }).getByRole('listitem');
  await expect(items).toHaveCount(6); // as served (the 7th to 10th hidden below 1280 px)…
  await hydrated(page, 'main ul[aria-label="Catalogue products"] button');
  await expect(items).toHaveCount(6); // …and once the page runs, until the visitor scrolls
  expect(asked).toEqual([]);
  const secondPage = page.waitForRequest((r) => r.url().includes('/api/public/catalogues/fetchProducts') && r.url().includes('pageNo=2'));
  await page.mouse.wheel(0, 10_000);
  expect(new URL((await secondPage).url()).searchParams.get('perPage')).toBe('6');
  await expect(items).toHaveCount(12);
  expect(asked.every((u) => new URL(u).searchParams.get('perPage') === '6')).toBe(true);
  await page.close();
});

test("'You Might Also Like' shows its 10 suggestions in groups of 4, of 7 on template1", async ({ page }) => {
  const [p] = await e2eQuery<{ id: string }>("select id from products where product_name = 'Brass diya lamp'");
  const groupsOf = async () => {
    const section = page.getByRole('region', { name: specTexts.youMightAlsoLike });
    const groups = section.getByRole('list', { name: /^Suggestions / });
    await expect(groups.first()).toBeVisible();
    return Promise.all((await groups.all()).map((g) => g.getByRole('listitem').count()));
  };
  await page.goto(`/lotus-handicrafts/products/${encode(p.id)}`);
  expect(await groupsOf()).toEqual([4, 4, 2]);
  const region = page.getByRole('region', { name: specTexts.youMightAlsoLike });
  // one group in view; 'Next' brings the second
  const second = region.getByRole('list', { name: 'Suggestions 5 to 8 of 10' });
  await region.scrollIntoViewIfNeeded();
  await expect(region.getByRole('list', { name: 'Suggestions 1 to 4 of 10' })).toBeInViewport({ ratio: 0.9 });
  await expect(second).not.toBeInViewport();
  await region.getByRole('button', { name: 'Next suggestions' }).click();
  await expect(second).toBeInViewport({ ratio: 0.9 });

  await page.goto(`/lotus-handicrafts/products/${encode(p.id)}?previewTemplate=template1`);
  expect(await groupsOf()).toEqual([7, 3]);
});

test('focus goes back to what opened a dialog when it closes', async ({ page }) => {
  const [p] = await e2eQuery<{ id: string }>("select id from products where product_name = 'Brass diya lamp'");
  await page.goto(`/lotus-handicrafts/products/${encode(p.id)}`);
  await hydrated(page, 'main button');
  const sendQuery = page.getByRole('button', { name: 'Send Query' });
  await sendQuery.click();
  const form = page.getByRole('dialog', { name: 'Send Query' });
  await expect(form.getByLabel('Name')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(sendQuery).toBeFocused();
  await sendQuery.click();
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(sendQuery).toBeFocused();

  // the catalogue page's quick view and Send Query
  await page.goto(await festivePicks());
  await hydrated(page, 'main ul[aria-label="Catalogue products"] button');
  await page.getByLabel('Sort by').selectOption('Alphabetically A-Z');
  const view = page.getByRole('button', { name: 'View Bandhani silk dupatta' });
  await view.click();
  await page.getByRole('dialog', { name: 'Bandhani silk dupatta' }).getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeFocused();
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select Bandhani silk dupatta' }).check();
  const catalogueQuery = page.getByRole('button', { name: 'Send Query' });
  await catalogueQuery.click();
  await expect(form.getByLabel('Name')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(catalogueQuery).toBeFocused();
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
    await e2eWritten('lotus-handicrafts');
  }
});
