import { mkdirSync } from 'node:fs';
import { importTexts, productFileColumns } from '@stashblog/contract/product-transfer-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { expect, signInAsOwner, test } from './fixtures.ts';

// Issue 25 journey: the owner imports a file (preview with each bad row's SPEC message, then the
// job's progress to the end, by keyboard), comes back to the finished import, finds the products
// in the list, and exports them. SHOTS_DIR set: the preview is saved at 1366 and 390 px wide.
const shots = process.env.SHOTS_DIR;

const cell = (c: string) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
const csv = [
  Object.values(productFileColumns),
  ['E2E imported lamp', 'E2E-1', 'Lamps', 'brass\nlamp', '450', '3', 'A lamp from a file', '20 cm', '', '', 'Public', 'No', ''],
  ['', 'E2E-2', 'Lamps', '', '', '', 'No name here', '', '', '', 'Public', 'No', ''],
  ['E2E priced lamp', 'E2E-3', 'Lamps', '', 'ten', '', 'Price in words', '', '', '', 'Public', 'No', ''],
  ['E2E imported vase', 'E2E-4', 'Vases', '', '900.5', '', 'A vase from a file', '', '', '', 'Private', 'Yes', ''],
]
  .map((r) => r.map(cell).join(','))
  .join('\r\n');

test('owner previews an import, imports by keyboard with progress, comes back to it, and exports', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsOwner(page);
  await page.goto('/userAdmin/products');
  await page.getByRole('link', { name: importTexts.importButton, exact: true }).click();
  await expect(page).toHaveURL(/\/userAdmin\/products\/import$/);
  await expect(page.getByRole('heading', { name: importTexts.title })).toBeVisible();

  // no file: the form says so under the field
  await page.getByRole('button', { name: importTexts.preview }).click();
  await expect(page.getByText(importTexts.fileRequired)).toBeVisible();

  await page.getByLabel(importTexts.fileLabel).setInputFiles({ name: 'lamps.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: importTexts.preview }).click();
  await expect(page.getByText(importTexts.ready(2, 4))).toBeVisible();
  const table = page.getByRole('table', { name: importTexts.problems });
  await expect(table.getByRole('row', { name: `3 ${specTexts.productNameRequired}` })).toBeVisible();
  await expect(table.getByRole('row', { name: `4 ${importTexts.notANumber(productFileColumns.pricePerUnit)}` })).toBeVisible();
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/import-preview-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/import-preview-390.png`, fullPage: true });
    // nothing wider than the screen at 390 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  // by keyboard: focus the button, Enter starts the import; the bar runs to the end
  await page.getByRole('button', { name: importTexts.start }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('progressbar', { name: importTexts.progress })).toBeVisible();
  const finished = `${importTexts.done}: ${importTexts.summary({ created: 2, updated: 0, unchanged: 0 })}`;
  await expect(page.getByText(finished)).toBeVisible({ timeout: 30_000 });

  // leaving and coming back opens the latest import where it is
  await page.getByRole('link', { name: 'Products', exact: true }).first().click();
  await page.goto('/userAdmin/products/import');
  await expect(page.getByText(finished)).toBeVisible();
  await expect(page.getByText(importTexts.progressOf(2, 2))).toBeVisible();

  await page.getByRole('link', { name: 'Products', exact: true }).first().click();
  await expect(page).toHaveURL(/\/userAdmin\/products$/);
  await page.getByPlaceholder('Search by product name').fill('E2E imported');
  await expect(page.getByRole('heading', { name: 'E2E imported lamp' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'E2E imported vase' })).toHaveCount(0); // promoted: the other tab
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: importTexts.exportCsv }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('products.csv');
  const text = await (await file.createReadStream()).toArray();
  const body = Buffer.concat(text).toString('utf8');
  expect(body).toContain('E2E imported lamp');
  expect(body).toContain('E2E imported vase');
  expect(body).not.toContain('Copper'); // only the search's matches
});
