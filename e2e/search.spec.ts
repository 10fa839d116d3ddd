import { searchStorageKey, searchTexts } from '@stashblog/contract/search-options';
import { specTexts } from '@stashblog/contract/spec-texts';
import { expect, type Page, test } from './fixtures.ts';
import { holdScripts } from './hold-scripts.ts';

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
  await expect(cards.first().getByRole('heading')).toHaveText('Pottery and textiles');

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
  await expect(box).toHaveValue('bowl'); // on the search page the header's box shows the term
  await box.fill('');
  const options = page.locator('[data-nav-search="desktop"]').getByRole('option');
  await expect(options).toHaveText(['bowl', 'vase', 'quilt']);
  expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), searchStorageKey)).toEqual(['bowl', 'vase', 'quilt']);
  // a recent search runs again on click
  await options.nth(1).click();
  await expect(page).toHaveURL(/searchQuery=vase$/);
  await expect(page.locator('main article').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('clearing the text clears the results; no results warns, says what found nothing and keeps the term', async ({ page }) => {
  await page.goto(`/${business}/search?searchQuery=bowl`);
  const pageBox = page.locator('main').getByRole('combobox', { name: searchTexts.placeholder });
  await expect(page.locator('main article')).toHaveCount(1);
  await pageBox.fill('');
  await expect(page).toHaveURL(new RegExp(`/${business}/search$`));
  await expect(page.locator('main article')).toHaveCount(0);

  // from the page's own box
  await pageBox.fill('zzqqxxyy');
  await pageBox.press('Enter');
  await expect(page.getByText(specTexts.noResult)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: searchTexts.noResults('zzqqxxyy') })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${business}/search\\?searchQuery=zzqqxxyy$`));
  await expect(pageBox).toHaveValue('zzqqxxyy');
  await expect(navSearch(page)).toHaveValue('zzqqxxyy');

  // from the header's box, on another page: both boxes keep it too
  await page.goto(`/${business}/home`);
  await navSearch(page).fill('qqzzkk');
  await navSearch(page).press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: searchTexts.noResults('qqzzkk') })).toBeVisible();
  await expect(page.locator('main article')).toHaveCount(0);
  await expect(pageBox).toHaveValue('qqzzkk');
  await expect(navSearch(page)).toHaveValue('qqzzkk');
  // a page number past the end starts over at 1
  await page.goto(`/${business}/search?searchQuery=qqzzkk&pageNo=3`);
  await expect(page).toHaveURL(new RegExp(`/${business}/search\\?searchQuery=qqzzkk$`));
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
      onaudiostart: (() => void) | null = null;
      start() {
        const said = (window as unknown as { __said?: string }).__said;
        (window as unknown as { __lang?: string }).__lang = this.lang;
        setTimeout(() => this.onaudiostart?.(), 50); // the microphone records (Chrome's order of events)
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
  await expect(page.getByText(specTexts.listening)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __lang?: string }).__lang)).toBe('en-IN');
  await expect(page.getByText(specTexts.noSpeech)).toBeVisible();

  await nav.getByRole('button', { name: /^EN: voice search in English/ }).click(); // English → Hindi
  await page.evaluate(() => {
    (window as unknown as { __said?: string }).__said = 'vase';
  });
  await nav.getByRole('button', { name: 'Search by voice' }).click();
  await expect(page).toHaveURL(new RegExp(`/${business}/search\\?searchQuery=vase$`));
  expect(await page.evaluate(() => (window as unknown as { __lang?: string }).__lang)).toBe('hi-IN');
});

test('voice search with the microphone blocked says only that, and the language button is named by its text', async ({ page }) => {
  // Chrome's speech service with the microphone permission denied: no audiostart, a 'not-allowed'
  // error, then end. Every toast shown is recorded as it appears.
  await page.addInitScript(() => {
    type Handler = ((e: unknown) => void) | null;
    const w = window as unknown as { SpeechRecognition: unknown; webkitSpeechRecognition: unknown; __toasts: string[]; __ended: boolean };
    w.__toasts = [];
    w.__ended = false;
    new MutationObserver(() => {
      for (const t of document.querySelectorAll<HTMLElement>('[data-sonner-toast]')) {
        if (t.dataset.seen) continue;
        t.dataset.seen = '1';
        w.__toasts.push(t.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
    class BlockedRecognition {
      lang = '';
      onaudiostart: (() => void) | null = null;
      onresult: Handler = null;
      onerror: Handler = null;
      onend: (() => void) | null = null;
      start() {
        setTimeout(() => {
          this.onerror?.({ error: 'not-allowed' });
          this.onend?.();
          w.__ended = true;
        }, 100);
      }
      stop() {}
      abort() {}
    }
    w.SpeechRecognition = BlockedRecognition;
    w.webkitSpeechRecognition = BlockedRecognition;
  });
  await page.goto(`/${business}/home`);
  const nav = page.locator('[data-nav-search="desktop"]');
  // WCAG 2.5.3: the accessible name starts with the visible 'EN'
  const language = nav.getByRole('button', { name: /^EN\b/ });
  await expect(language).toHaveText('EN');
  await nav.getByRole('button', { name: 'Search by voice' }).click();
  await expect(page.getByText(searchTexts.microphoneBlocked)).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __ended: boolean }).__ended)).toBe(true);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts)).toEqual([searchTexts.microphoneBlocked]);
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
  // Page links are real links: a click before hydration opens ?products=2 from the server, one after it
  // fetches the page in place. Either way the first click shows page 2.
  const pageTwo = products.getByRole('navigation', { name: 'Products pages' }).getByRole('link', { name: '2', exact: true });
  await pageTwo.click();
  await expect(pageTwo).toHaveAttribute('aria-current', 'page');
  await products.getByRole('searchbox', { name: 'Search products' }).fill('tea');
  await expect(products.locator('article').first()).toContainText(/tea/i);
  await expect(products.getByRole('button', { name: '1', exact: true })).toHaveCount(0); // one page of results: no pager
  await products.getByRole('searchbox', { name: 'Search products' }).fill('zzqqxx');
  await expect(products.getByText('Nothing matches “zzqqxx”.')).toBeVisible();
  // the other sections did not move
  await expect(page.locator('section#catalogues article').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('text typed into a directory search before the page has hydrated is kept and searched once it has', async ({ page }) => {
  // Found in CI: a pager link clicked before hydration opens its page from the server, and text typed
  // into a section's search box on that page before React took over was wiped when it did.
  const release = await holdScripts(page);
  await page.goto('/showcases?products=2#products', { waitUntil: 'domcontentloaded' });
  const products = page.locator('section#products');
  const box = products.getByRole('searchbox', { name: 'Search products' });
  await box.fill('tea');
  const searched = page.waitForResponse((r) => r.url().includes('/fetchAllUsers') && r.url().includes('searchQuery=tea'));
  release();
  await searched;
  await expect(box).toHaveValue('tea');
  await expect(products.locator('article').first()).toContainText(/tea/i);
});

// A pager link clicked before the scripts run, or without them, still opens its page: the loaders read
// the page from the URL (search: ?pageNo=2; directory: ?products=2, one parameter per section).
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search and directory pagers are links the server answers', async ({ page }) => {
    await page.goto('/search?searchQuery=from');
    const pager = page.getByRole('navigation', { name: 'Search result pages' });
    const firstOnOne = await page.locator('main article h3').first().textContent();
    await pager.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?searchQuery=from&pageNo=2$/);
    await expect(pager.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('main article').first()).toBeVisible();
    expect(await page.locator('main article h3').first().textContent()).not.toBe(firstOnOne);
    await pager.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/search\?searchQuery=from$/);

    await page.goto('/showcases?catalogues=1');
    const products = page.locator('section#products');
    const firstProduct = await products.locator('article h3').first().textContent();
    await products.getByRole('navigation', { name: 'Products pages' }).getByRole('link', { name: '2', exact: true }).click();
    // The other sections' parameters stay; the fragment brings the section into view.
    await expect(page).toHaveURL(/\/showcases\?catalogues=1&products=2#products$/);
    await expect(products.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(products.locator('article').first()).toBeVisible();
    expect(await products.locator('article h3').first().textContent()).not.toBe(firstProduct);
  });
});

test('after hydration a search pager link navigates on the client, without a new document', async ({ page }) => {
  await page.goto('/search?searchQuery=from');
  const pager = page.getByRole('navigation', { name: 'Search result pages' });
  const two = pager.getByRole('link', { name: '2', exact: true });
  // React has attached its handlers to the link once it carries React's props.
  await expect.poll(() => two.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps')))).toBe(true);
  await page.evaluate(() => {
    (window as unknown as { __samePage?: boolean }).__samePage = true;
  });
  await two.click();
  await expect(page).toHaveURL(/pageNo=2$/);
  await expect(two).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});

test('a search page past the last one says so and links back to the last page', async ({ page }) => {
  await page.goto('/search?searchQuery=from&pageNo=999');
  await expect(page.getByText(searchTexts.pastLastPage)).toBeVisible();
  const back = page.getByRole('link', { name: /^Back to page \d+$/ });
  const last = Number((await back.textContent())?.match(/\d+/)?.[0]);
  expect(last).toBeGreaterThan(1);
  await back.click();
  await expect(page).toHaveURL(new RegExp(`pageNo=${last}$`));
  await expect(page.getByText(searchTexts.pastLastPage)).toHaveCount(0);
  const pager = page.getByRole('navigation', { name: 'Search result pages' });
  await expect(pager.getByRole('link', { name: String(last), exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('main ul > li').first()).toBeVisible();
});
