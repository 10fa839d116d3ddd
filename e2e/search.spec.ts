import { messages } from '@stashblog/contract/messages';
import { searchMessages, searchStorageKey } from '@stashblog/contract/search-options';
import { expect, type Page, test } from './fixtures.ts';

// Issue 10 journeys: a visitor searches a storefront from the business nav, narrows to catalogues and
// opens a result in a new tab; recent searches survive a reload; voice search where the browser has it.
const business = 'lotus-handicrafts';

function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

const navSearch = (page: Page) => page.locator('[data-nav-search="desktop"]').getByRole('combobox');

test.describe.configure({ mode: 'serial' });

test('a visitor searches from the business nav, filters to catalogues and opens one in a new tab', async ({ page, context }) => {
  const errors = watchErrors(page);
  await page.goto(`/${business}/home`);
  const box = navSearch(page);
  await box.fill('pott');
  // suggestions as you type: names with a word starting with the text
  const listbox = page.locator('[data-nav-search="desktop"]').getByRole('listbox');
  await expect(listbox.getByRole('option', { name: 'Blue pottery vase' })).toBeVisible();
  await box.fill('pottery');
  await box.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/${business}/search\\?searchQuery=pottery$`));
  await expect(page).toHaveTitle('Search: pottery | Lotus Handicrafts');
  const heading = page.getByRole('heading', { level: 2, name: /results? for “pottery”/ });
  await expect(heading).toBeVisible();
  const cards = page.locator('main article');
  await expect(cards.first()).toBeVisible();
  expect(await page.locator('main article[data-type="product"]').count()).toBeGreaterThan(0);
  await expect(page.locator('main article[data-type="catalogue"]').getByText('catalogue', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Catalogues', exact: true }).click();
  await expect(page).toHaveURL(/filter=Catalogues/);
  await expect(page.getByRole('button', { name: 'Catalogues', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('main article[data-type="product"]')).toHaveCount(0);
  await expect(cards).toHaveCount(1);
  await expect(heading).toHaveText('1 result for “pottery”');
  await expect(cards.first().getByRole('heading')).toHaveText('pottery and textiles');

  const [tab] = await Promise.all([context.waitForEvent('page'), cards.first().getByRole('link', { name: /view/ }).click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(new RegExp(`/${business}/catalogues/[^/?]+$`));
  await expect(tab.getByRole('heading', { level: 1 })).toContainText(/pottery and textiles/i);
  expect(page.url()).toMatch(/filter=Catalogues/); // the results stay open in the first tab
  expect(errors).toEqual([]);
});

test('recent searches show the last term first after a reload, without duplicates', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`/${business}/home`);
  await page.evaluate((key) => localStorage.removeItem(key), searchStorageKey);
  for (const term of ['vase', 'quilt', 'vase', 'bowl']) {
    const box = navSearch(page);
    await box.fill(term);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`searchQuery=${term}$`));
    await expect(page.locator('main article').first()).toBeVisible();
  }
  await page.reload();
  const box = navSearch(page);
  await box.focus();
  const options = page.locator('[data-nav-search="desktop"]').getByRole('option');
  await expect(options).toHaveText(['bowl', 'vase', 'quilt']);
  expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), searchStorageKey)).toEqual(['bowl', 'vase', 'quilt']);
  // a recent search runs again on click
  await options.nth(1).click();
  await expect(page).toHaveURL(/searchQuery=vase$/);
  await expect(page.locator('main article').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('clearing the text clears the results; no results warns and starts over', async ({ page }) => {
  await page.goto(`/${business}/search?searchQuery=bowl`);
  const pageBox = page.locator('main').getByRole('combobox', { name: searchMessages.placeholder });
  await expect(page.locator('main article')).toHaveCount(1);
  await pageBox.fill('');
  await expect(page).toHaveURL(new RegExp(`/${business}/search$`));
  await expect(page.locator('main article')).toHaveCount(0);

  await pageBox.fill('zzqqxxyy');
  await pageBox.press('Enter');
  await expect(page.getByText(messages.noResult)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${business}/search$`));
  await expect(pageBox).toHaveValue('');
});

test('voice search: Listening..., the spoken words run a search; silence says No speech detected', async ({ page }) => {
  // The browser's speech service is replaced by a scripted one (the page's code under test is unchanged).
  await page.addInitScript(() => {
    type Handler = ((e: unknown) => void) | null;
    class FakeRecognition {
      lang = '';
      onresult: Handler = null;
      onerror: Handler = null;
      onend: (() => void) | null = null;
      start() {
        const said = (window as unknown as { __said?: string }).__said;
        (window as unknown as { __lang?: string }).__lang = this.lang;
        setTimeout(() => {
          if (said) this.onresult?.({ results: [[{ transcript: said }]] });
          else this.onerror?.({ error: 'no-speech' });
          this.onend?.();
        }, 300);
      }
      stop() {}
      abort() {}
    }
    const w = window as unknown as { SpeechRecognition: unknown; webkitSpeechRecognition: unknown };
    w.SpeechRecognition = FakeRecognition;
    w.webkitSpeechRecognition = FakeRecognition;
  });
  await page.goto(`/${business}/home`);
  const nav = page.locator('[data-nav-search="desktop"]');
  await page.evaluate(() => {
    (window as unknown as { __said?: string }).__said = '';
  });
  await nav.getByRole('button', { name: 'Search by voice' }).click();
  await expect(page.getByText(messages.listening)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __lang?: string }).__lang)).toBe('en-IN');
  await expect(page.getByText(messages.noSpeech)).toBeVisible();

  await nav.getByRole('button', { name: /Voice search language/ }).click(); // English → Hindi
  await page.evaluate(() => {
    (window as unknown as { __said?: string }).__said = 'vase';
  });
  await nav.getByRole('button', { name: 'Search by voice' }).click();
  await expect(page).toHaveURL(new RegExp(`/${business}/search\\?searchQuery=vase$`));
  expect(await page.evaluate(() => (window as unknown as { __lang?: string }).__lang)).toBe('hi-IN');
});

test('voice search is hidden where the browser has no speech recognition', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as unknown as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
    delete (window as unknown as { SpeechRecognition?: unknown }).SpeechRecognition;
  });
  await page.goto(`/${business}/home`);
  await expect(navSearch(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search by voice' })).toHaveCount(0);
});

test('the directory (/showcases) renders every section, each with its own search, pages and empty state', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/showcases');
  await expect(page).toHaveTitle('Showcases | StashBlog');
  for (const title of ['Promoted Products', 'Products', 'Promoted Catalogues', 'Catalogues', 'Promoted Profiles', 'User Profiles']) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  }
  const products = page.locator('section#products');
  await expect(products.locator('article')).toHaveCount(12); // server-rendered first page of 12
  // The pager is server-rendered; a click that lands before hydration does nothing (as for a person on
  // a slow phone, who clicks again), so click until page 2 is current.
  const pageTwo = products.getByRole('navigation', { name: 'Products pages' }).getByRole('button', { name: '2', exact: true });
  await expect(async () => {
    await pageTwo.click();
    await expect(pageTwo).toHaveAttribute('aria-current', 'page', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await products.getByRole('searchbox', { name: 'Search products' }).fill('tea');
  await expect(products.locator('article').first()).toContainText(/tea/i);
  await expect(products.getByRole('button', { name: '1', exact: true })).toHaveCount(0); // one page of results: no pager
  await products.getByRole('searchbox', { name: 'Search products' }).fill('zzqqxx');
  await expect(products.getByText('Nothing matches “zzqqxx”.')).toBeVisible();
  // the other sections did not move
  await expect(page.locator('section#catalogues article').first()).toBeVisible();
  expect(errors).toEqual([]);
});
