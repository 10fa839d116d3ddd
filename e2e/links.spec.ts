import { linkInvalid } from '@stashblog/contract/links';
import { expect, signInAsOwner, test } from './fixtures.ts';

// Issue 7: the product's seller link and the profile's links take only http(s) urls; the forms say so
// with the contract's message before anything is sent.
test('the product and profile forms refuse a javascript: link with a clear message', async ({ page }) => {
  await signInAsOwner(page);

  await page.goto('/userAdmin/addProduct');
  await page.getByRole('textbox', { name: 'Category', exact: true }).fill('Kitchenware');
  await page.getByRole('textbox', { name: 'Product Name' }).fill('scripted link');
  await page.getByRole('textbox', { name: 'Description' }).fill('Should never be saved.');
  await page.getByRole('textbox', { name: 'Link' }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(linkInvalid('Product'))).toBeVisible();
  await expect(page).toHaveURL(/\/userAdmin\/addProduct$/);

  await page.goto('/userAdmin/userProfileInfo');
  const website = page.getByRole('textbox', { name: 'Website link' });
  await website.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: linkInvalid('Website') })).toBeVisible();
});
