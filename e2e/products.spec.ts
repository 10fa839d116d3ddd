import { expect, test } from '@playwright/test';
import { messages } from '@stashblog/contract/messages';
import sharp from 'sharp';
import { e2eQuery } from './e2e-db.ts';
import { e2ePort } from './playwright.config.ts';

// Issue 2 journey: the owner signs in, adds a product with an image, makes it public, and a
// visitor sees it on the server-rendered public page.
test('owner adds a product with an image, makes it public, and visitors see it', async ({ page, browser }) => {
  await page.goto('/signIn');
  const form = page.locator('form');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(messages.signInEmailRequired)).toBeVisible();
  await form.getByLabel('Email').fill('demo@stashblog.test');
  await form.getByLabel('Password').fill('  demo-password-1  '); // trimmed before sending (SPEC §5)
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/userAdmin\/dashboard$/);
  await expect(page.getByText(messages.signedIn)).toBeVisible();

  await page.goto('/userAdmin/addProduct');
  await page.getByRole('button', { name: 'Add Product' }).click();
  // every SPEC §5 product message shows for its empty field
  await expect(page.getByText(messages.productCategoryRequired)).toBeVisible();
  await expect(page.getByText(messages.productNameRequired)).toBeVisible();
  await expect(page.getByText(messages.productDescriptionRequired)).toBeVisible();

  await page.getByRole('textbox', { name: 'Category', exact: true }).fill('Kitchenware');
  await page.getByRole('textbox', { name: 'Product Name' }).fill('copper tea kettle');
  await page.getByRole('textbox', { name: 'Description' }).fill('A hammered copper kettle for the stove top.');
  await page.getByLabel('Price per unit (₹)').fill('123456.5');
  await page.getByLabel('Total units').fill('12');
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 90, b: 30 } } })
    .png()
    .toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'kettle.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Crop', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Product images' }).locator('img')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(messages.imagesUploaded)).toBeVisible();
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

  // a visitor without a session
  const visitor = await browser.newPage();
  const response = await visitor.goto(href!);
  expect(response?.status()).toBe(200);
  await expect(visitor).toHaveTitle('Copper Tea Kettle | Lotus Handicrafts');
  await expect(visitor.getByRole('heading', { level: 1, name: 'copper tea kettle' })).toBeVisible();
  await expect(visitor.getByText('₹1,23,456.50', { exact: true }).first()).toBeVisible();
  const img = visitor.locator('main img').first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
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
  expect(html).toContain('<title>Blue Pottery Vase | Lotus Handicrafts</title>');
  expect(html).toMatch(/<meta name="description" content="[^"]*Blue pottery vase/);
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="http://localhost:${e2ePort}/media/[0-9a-f-]{36}/image\\.jpg"`));
  expect(html).toContain('Blue pottery vase</h1>');
});
