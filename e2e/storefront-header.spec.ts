import { searchTexts } from '@stashblog/contract/search-options';
import { expect, type Page, test } from './fixtures.ts';

// Issue 22 item 8: the storefront header at a laptop's 1366 px and a phone's 390 px.
const home = '/lotus-handicrafts/home';

/** Whether the input shows its whole placeholder: the text's width in the input's font against its content box. */
function placeholderFits(page: Page) {
  return page
    .locator('[data-nav-search="desktop"]')
    .getByRole('combobox')
    .evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return false;
      context.font = style.font;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
}

test('at 1366 px the header search shows its whole placeholder beside the voice buttons', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  await page.addInitScript(() => {
    // the voice buttons (shown where the browser has speech recognition) take room from the input
    (window as unknown as { webkitSpeechRecognition: unknown }).webkitSpeechRecognition = class {};
  });
  await page.goto(home);
  const box = page.locator('[data-nav-search="desktop"]');
  await expect(box.getByRole('combobox')).toHaveAttribute('placeholder', searchTexts.placeholder);
  await expect(box.getByRole('button', { name: 'Search by voice' })).toBeVisible();
  expect(await placeholderFits(page)).toBe(true);
  // the nav stays on the header's one row
  const [search, login] = await Promise.all([box.boundingBox(), page.getByRole('link', { name: 'Login' }).boundingBox()]);
  expect(Math.abs((search?.y ?? 0) + (search?.height ?? 0) / 2 - ((login?.y ?? 0) + (login?.height ?? 0) / 2))).toBeLessThan(8);
  await page.close();
});

for (const template of ['base', 'template1']) {
  test(`on a 390 px phone (${template}) the brand shrinks beside Menu, which shows when it is open`, async ({ browser }) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${home}?previewTemplate=${template}`);
    const menu = page.getByRole('button', { name: 'Menu' });
    const brand = page.getByRole('banner').getByRole('link', { name: /lotus handicrafts/i });
    const [m, b] = await Promise.all([menu.boundingBox(), brand.boundingBox()]);
    // one row: Menu beside the brand, not under it
    expect(m && b && m.y < b.y + b.height && b.y < m.y + m.height).toBe(true);
    expect((b?.x ?? 0) + (b?.width ?? 0)).toBeLessThanOrEqual(m?.x ?? 0);

    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const closedLook = await menu.evaluate((el) => getComputedStyle(el).backgroundColor);
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Business' }).getByRole('link', { name: 'Products' })).toBeVisible();
    expect(await menu.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(closedLook);
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await page.close();
  });
}
