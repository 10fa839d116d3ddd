import type { Page } from '@playwright/test';

/**
 * Holds the page's scripts back until the returned function is called: the page as a slow phone
 * shows it before hydration (module fetches hold `load` back too, so navigate with
 * `waitUntil: 'domcontentloaded'`).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
