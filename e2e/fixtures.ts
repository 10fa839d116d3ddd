import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

// Every journey imports `test` and `expect` from here: a test fails when any page it opened (in its
// own context or in contexts it made with browser.newContext / browser.newPage) reports a
// Content-Security-Policy violation, as Chromium's console message or as a
// `securitypolicyviolation` event (docs/decisions/018-content-security-policy.md).

export type { APIRequestContext, Page } from '@playwright/test';
export { expect };

const marker = '[csp-violation]';

function watchPage(page: Page, violations: string[]) {
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(marker) || /Content[- ]Security[- ]Policy/i.test(text)) violations.push(`${page.url()}: ${text}`);
  });
}

async function watchContext(context: BrowserContext, violations: string[]) {
  // Init scripts are the browser's own, outside the page's policy.
  await context.addInitScript((m: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`${m} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  }, marker);
  for (const page of context.pages()) watchPage(page, violations);
  context.on('page', (page) => watchPage(page, violations));
}

export const test = base.extend<{ failOnCspViolation: undefined }>({
  failOnCspViolation: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      await watchContext(context, violations);
      // browser.newPage goes through newContext, so both are watched.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const made = await newContext(...args);
        await watchContext(made, violations);
        return made;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
      if (violations.length) {
        throw new Error(`Content-Security-Policy violations:\n${[...new Set(violations)].join('\n')}`);
      }
    },
    { auto: true },
  ],
});

/** Signs a demo owner in through the /signIn form, as a person would, and waits for the dashboard. */
export async function signInAsOwner(page: Page, email = 'demo@stashblog.test') {
  await page.goto('/signIn');
  const form = page.locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('demo-password-1');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/userAdmin\/dashboard$/);
}
