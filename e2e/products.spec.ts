import { endpoints } from '@stashblog/contract/endpoints';
import { apiBase } from '@stashblog/contract/paths';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { visibilityTexts } from '@stashblog/contract/visibility-texts';
import sharp from 'sharp';
import { e2eQuery, e2eWritten } from './e2e-db.ts';
import { expect, signInAsOwner, test } from './fixtures.ts';
import { e2ePort } from './playwright.config.ts';

// Issue 2 journey: the owner signs in, adds a product with an image, makes it public, and a
// visitor sees it on the server-rendered public page.
test('owner adds a product with an image, makes it public, and visitors see it', async ({ page, browser }) => {
  await page.goto('/signIn');
  const form = page.locator('form');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(specTexts.signInEmailRequired)).toBeVisible();
  await form.getByLabel('Email').fill('demo@stashblog.test');
  await form.getByLabel('Password').fill('  demo-password-1  '); // trimmed before sending (SPEC §5)
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/userAdmin\/dashboard$/);
  await expect(page.getByText(specTexts.signedIn)).toBeVisible();

  await page.goto('/userAdmin/addProduct');
  await page.getByRole('button', { name: 'Add Product' }).click();
  // every SPEC §5 product message shows for its empty field
  await expect(page.getByText(specTexts.productCategoryRequired)).toBeVisible();
  await expect(page.getByText(specTexts.productNameRequired)).toBeVisible();
  await expect(page.getByText(specTexts.productDescriptionRequired)).toBeVisible();

  // each message goes as soon as its field is corrected (issue 22)
  await page.getByRole('textbox', { name: 'Category', exact: true }).fill('Kitchenware');
  await expect(page.getByText(specTexts.productCategoryRequired)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Product Name' }).fill('copper tea kettle');
  await expect(page.getByText(specTexts.productNameRequired)).toHaveCount(0);
  await expect(page.getByText(specTexts.productDescriptionRequired)).toBeVisible();
  await page.getByRole('textbox', { name: 'Description' }).fill('A hammered copper kettle for the stove top.');
  await expect(page.getByText(specTexts.productDescriptionRequired)).toHaveCount(0);
  // Public is the default; this journey adds it as Private and publishes it from its card
  await expect(page.getByRole('radio', { name: /^Public/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Private/ }).check();
  await page.getByLabel('Price per unit (₹)').fill('123456.5');
  await page.getByLabel('Total units').fill('12');
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 90, b: 30 } } })
    .png()
    .toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'kettle.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Crop', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Product images' }).locator('img')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(specTexts.imagesUploaded)).toBeVisible();
  await expect(page.getByText(visibilityTexts.created('product', 'private'))).toBeVisible();
  await expect(page).toHaveURL(/\/userAdmin\/products$/);

  const card = page.locator('article', { hasText: 'copper tea kettle' });
  await card.getByRole('button', { name: 'Mark Public' }).click();
  await expect(card.getByRole('button', { name: 'Mark Private' })).toBeVisible();
  const href = await card.getByRole('link', { name: 'View Product' }).getAttribute('href');
  expect(href).toMatch(/^\/lotus-handicrafts\/products\//);

  const [row] = await e2eQuery<{ is_public: boolean; images: string[] }>(
    "select is_public, images from products where product_name = 'copper tea kettle'",
  );
  expect(row.is_public).toBe(true);
  expect(row.images).toHaveLength(1);
  // its WebP widths are a job (decision 045) that the server's worker runs within seconds
  const recorded = async () =>
    (await e2eQuery<{ widths: number[] }>('select variant_widths as widths from media where id = $1', [row.images[0]]))[0]?.widths ?? [];
  await expect.poll(recorded, { timeout: 30_000 }).not.toEqual([]);
  const widths = await recorded();

  // a visitor without a session
  const visitor = await browser.newPage();
  const response = await visitor.goto(href!);
  expect(response?.status()).toBe(200);
  await expect(visitor).toHaveTitle('copper tea kettle | Lotus Handicrafts');
  await expect(visitor.getByRole('heading', { level: 1, name: 'copper tea kettle' })).toBeVisible();
  await expect(visitor.getByText('₹1,23,456.50', { exact: true }).first()).toBeVisible();
  const img = visitor.locator('main img').first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  // its srcset names the recorded widths and no other
  const srcset = (await img.getAttribute('srcset')) ?? '';
  expect(srcset.split(', ').map((c) => Number(/ (\d+)w$/.exec(c)?.[1]))).toEqual(widths);
  await visitor.close();
});

test('the public product page is server-rendered with title, description and og:image', async ({ request }) => {
  const [p] = await e2eQuery<{ id: string }>(
    "select p.id from products p join businesses b on b.id = p.business_id where b.business_name = 'lotus-handicrafts' and p.is_public order by p.created_at limit 1",
  );
  const encoded = Buffer.from(JSON.stringify(p.id)).toString('base64');
  const res = await request.get(`/lotus-handicrafts/products/${encoded}`, { headers: { 'user-agent': 'curl/8.0' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<title>Blue pottery vase | Lotus Handicrafts</title>');
  expect(html).toMatch(/<meta name="description" content="Thrown from quartz stone paste, not clay/);
  // the product's share card (decision 060), named by the contract's endpoint
  const card = `http://localhost:${e2ePort}${apiBase}${endpoints.publicCards.product.path}?businessName=lotus-handicrafts&amp;id=${p.id}&amp;v=`;
  expect(html).toContain(`<meta property="og:image" content="${card}`);
  expect(html).toContain('Blue pottery vase</h1>');
});

// Issue 7 item 9: what a new owner hit. Updating a product says so; 'View Product' on a private
// product previews it for its owner (marked, noindex) and stays a 404 for everyone else; the business
// nav shows the signed-in owner's links; the admin catalogue count says how many visitors see.
test('owner updates a product, makes it private and previews it; visitors still get the 404', async ({ page, browser }) => {
  const [row] = await e2eQuery<{ id: string; product_name: string; catalogue_name: string; members: number; visible: number }>(
    `select p.id, p.product_name, c.catalogue_name,
       (select count(*)::int from catalogue_products x where x.catalogue_id = c.id) as members,
       (select count(*)::int from catalogue_products x join products q on q.id = x.product_id
         where x.catalogue_id = c.id and q.is_public and not q.is_blocked) as visible
     from catalogue_products cp join products p on p.id = cp.product_id join catalogues c on c.id = cp.catalogue_id
     join businesses b on b.id = p.business_id
     where b.business_name = 'lotus-handicrafts' and p.is_public and not p.is_blocked and not p.is_promoted and c.is_public and not c.is_promoted
     order by p.created_at limit 1`,
  );
  const encoded = Buffer.from(JSON.stringify(row.id)).toString('base64');
  const productUrl = `/lotus-handicrafts/products/${encoded}`;

  await signInAsOwner(page);

  await page.goto(`/userAdmin/editProduct/${encoded}`);
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page.getByText(serverTexts.productUpdated)).toBeVisible();
  await expect(page).toHaveURL(/\/userAdmin\/products$/);

  await page.getByPlaceholder('Search by product name').fill(row.product_name);
  const card = page.locator('article', { hasText: row.product_name });
  await card.getByRole('button', { name: 'Mark Private' }).click();
  await expect(card.getByRole('button', { name: 'Mark Public' })).toBeVisible();

  // the owner's count says how many of the catalogue's products visitors see
  await page.goto('/userAdmin/catalogues');
  await expect(page.locator('article', { hasText: row.catalogue_name })).toContainText(
    `${row.members} Products (${row.visible - 1} public)`,
  );

  await page.goto('/userAdmin/products');
  await page.getByPlaceholder('Search by product name').fill(row.product_name);
  await card.getByRole('link', { name: 'View Product' }).click();
  await expect(page).toHaveURL(productUrl);
  await expect(page.getByText(specTexts.privatePreview)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: row.product_name })).toBeVisible();
  // SPEC business nav for a signed-in owner
  const nav = page.getByRole('navigation', { name: 'Business' });
  await expect(nav.getByRole('link', { name: 'Notifications' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);

  // a full load: the server answers 404 with noindex, the owner's browser then shows the preview
  const reload = await page.reload();
  expect(reload?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByText(specTexts.privatePreview)).toBeVisible();
  await expect(page).toHaveTitle(/\(private preview\)$/);

  // anyone else: the 404 page, Login in the nav, and no owner links in any server-rendered page
  const visitor = await browser.newPage();
  const res = await visitor.goto(productUrl);
  expect(res?.status()).toBe(404);
  await expect(visitor.getByText(specTexts.notFoundTitle)).toBeVisible();
  await expect(visitor.getByRole('navigation', { name: 'Business' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(visitor.getByText(specTexts.privatePreview)).toHaveCount(0);
  await page.goto('/lotus-handicrafts/home');
  await expect(page.getByRole('navigation', { name: 'Business' }).getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  const home = await visitor.request.get('/lotus-handicrafts/home');
  expect(await home.text()).not.toContain('Edit Profile');
  await visitor.close();

  // put it back for the other journeys
  await page.goto('/userAdmin/products');
  await page.getByPlaceholder('Search by product name').fill(row.product_name);
  await card.getByRole('button', { name: 'Mark Public' }).click();
  await expect(card.getByRole('button', { name: 'Mark Private' })).toBeVisible();
});

// Issue 22 item 4: the Add form's Visibility decides where a new product goes, and the toast says where.
test('a product added as Public is on the storefront at once; under a store that hides products the toast says so', async ({
  page,
  browser,
}) => {
  const names = ['e2e public teapot', 'e2e hidden teapot'];
  async function add(productName: string) {
    await page.goto('/userAdmin/addProduct');
    await page.getByRole('textbox', { name: 'Category', exact: true }).fill('Kitchenware');
    await page.getByRole('textbox', { name: 'Product Name' }).fill(productName);
    await page.getByRole('textbox', { name: 'Description' }).fill('A teapot for the journeys.');
    await expect(page.getByRole('radio', { name: /^Public/ })).toBeChecked();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page).toHaveURL(/\/userAdmin\/products$/);
  }
  try {
    await signInAsOwner(page);
    await add(names[0]);
    await expect(page.getByText(visibilityTexts.created('product', 'storefront'))).toBeVisible();
    const card = page.locator('article', { hasText: names[0] });
    await expect(card.getByRole('button', { name: 'Mark Private' })).toBeVisible();
    await expect(card.getByText('Private', { exact: true })).toHaveCount(0);
    const href = await card.getByRole('link', { name: 'View Product' }).getAttribute('href');
    const visitor = await browser.newPage();
    expect((await visitor.goto(href!))?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name: names[0] })).toBeVisible();
    await visitor.close();

    // the store switch hides every product: the new one is public, but the toast does not claim visitors see it
    await e2eQuery("update businesses set is_all_products_active = false where business_name = 'lotus-handicrafts'");
    await e2eWritten('lotus-handicrafts');
    await add(names[1]);
    await expect(page.getByText(visibilityTexts.created('product', 'hiddenByStore'))).toBeVisible();
    await expect(page.getByText(visibilityTexts.created('product', 'storefront'))).toHaveCount(0);
  } finally {
    await e2eQuery("update businesses set is_all_products_active = true where business_name = 'lotus-handicrafts'");
    await e2eQuery('delete from products where product_name = any($1)', [names]);
    await e2eWritten('lotus-handicrafts');
  }
});
