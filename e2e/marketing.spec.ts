import { encodeId } from '@stashblog/contract/ids';
import { mailTexts } from '@stashblog/contract/mail';
import { specTexts } from '@stashblog/contract/spec-texts';
import { e2eQuery } from './e2e-db.ts';
import { expect, type Page, test } from './fixtures.ts';
import { holdScripts } from './hold-scripts.ts';

// Issue 10 marketing site: every page answers with its heading, the feature cards open, the support form
// checks in SPEC order then sends once and clears, footer links work, the nav follows the owner's session,
// the Sign up tab validates locally, and nothing scrolls sideways at 390 px.

const basicPlan = `/getStarted/${encodeURIComponent(encodeId('Basic-Plan'))}`;
const pages: { path: string; heading: string }[] = [
  { path: '/home', heading: 'Your products, beautifully showcased' },
  { path: '/support', heading: 'Get In touch' },
  { path: '/pricing', heading: 'Simple, honest pricing' },
  { path: basicPlan, heading: 'Get Started' },
  { path: '/aboutUs', heading: 'About Us' },
  { path: '/terms&conditions', heading: 'Terms & Conditions' },
  { path: '/terms&Conditions', heading: 'Terms & Conditions' },
  { path: '/privacyPolicy', heading: 'Privacy Policy' },
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/temp', heading: 'Coming soon' },
];

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // The 404 page is a 404 response on purpose; Chromium logs every non-2xx document load.
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('every marketing page answers 200 with its heading, title and canonical link, inside the marketing nav and footer', async ({
  page,
}) => {
  const errors = watchConsole(page);
  for (const { path, heading } of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Showcases' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^http:\/\/localhost:\d+\//);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /StashBlog/);
  }
  await page.goto('/home');
  await expect(page).toHaveTitle(specTexts.defaultTitle);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', specTexts.defaultDescription);
  expect(errors).toEqual([]);
});

test('the 404 page and a bad plan link are friendly pages, not errors', async ({ page }) => {
  const notFound = await page.goto('/Error_404_Not_Found');
  expect(notFound?.status()).toBe(404);
  await expect(page).toHaveTitle(specTexts.notFoundTitle);
  await expect(page.getByRole('heading', { level: 1, name: specTexts.notFoundHeading })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  for (const bad of ['/getStarted/not-base64!', `/getStarted/${encodeURIComponent(encodeId('Gold-Plan'))}`]) {
    const res = await page.goto(bad);
    expect(res?.status(), bad).toBe(404);
    await expect(page.getByText('We could not recognise the plan in this link.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  }
});

test('pricing shows the four plans and each leads to its Get Started form with the plan badge', async ({ page }) => {
  await page.goto('/pricing');
  const plans = ['Basic', 'Advanced', 'Advanced +', 'Pro'];
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(plans);
  for (const plan of plans) {
    await page.goto('/pricing');
    await page.getByRole('link', { name: `Get started with ${plan}`, exact: true }).click();
    await expect(page).toHaveURL(/\/getStarted\/[A-Za-z0-9%]+$/);
    const form = page.getByRole('form', { name: 'Tell Us About You' });
    await expect(form.getByText(`Plan: ${plan}`, { exact: true })).toBeVisible();
    for (const field of ['Name', 'Phone Number', 'Email', 'Full Address', 'Business Name'])
      await expect(form.getByLabel(field, { exact: true })).toBeVisible();
  }
  // Next with missing details: the page stays with the errors, the typed details stay (a complete form
  // creates the business: e2e/platform.spec.ts).
  const form = page.getByRole('form', { name: 'Tell Us About You' });
  await form.getByLabel('Phone Number').fill('98765432101234');
  await expect(form.getByLabel('Phone Number')).toHaveValue('9876543210');
  const url = page.url();
  await form.getByRole('button', { name: 'Next' }).click();
  expect(page.url()).toBe(url);
  await expect(form.getByLabel('Phone Number')).toHaveValue('9876543210');
});

test('the five feature cards reveal their description on click and from the keyboard', async ({ page }) => {
  await page.goto('/home');
  const features = page.locator('#features');
  for (const name of ['Fast', 'Reliable', 'Simple', 'Scalable', 'Secure'])
    await expect(features.getByText(name, { exact: true })).toBeVisible();
  const fastText = features.getByText('Pages are rendered on the server');
  await expect(fastText).toBeHidden();
  await features.getByText('Fast', { exact: true }).click();
  await expect(fastText).toBeVisible();
  await features.getByText('Fast', { exact: true }).click();
  await expect(fastText).toBeHidden();

  const secureText = features.getByText('Passwords are hashed');
  await expect(secureText).toBeHidden();
  await features.locator('summary', { hasText: 'Secure' }).focus();
  await page.keyboard.press('Enter');
  await expect(secureText).toBeVisible();
  await expect(features.locator('details', { hasText: 'Secure' })).toHaveJSProperty('open', true);
});

test('a marketing page paints before it fetches any script, then hydrates; a tap before then is kept', async ({ page }) => {
  // decision 048: the marketing pages people read load their scripts after first paint, as the storefront's do
  const timing = () =>
    page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => e.startTime),
    }));
  for (const path of ['/home', '/pricing']) {
    await page.goto(path);
    await expect.poll(async () => (await timing()).scripts.length, path).toBeGreaterThan(2);
    const { paint, scripts } = await timing();
    expect(paint, path).toBeGreaterThan(0);
    for (const start of scripts) expect(start, path).toBeGreaterThanOrEqual(paint);
  }
  // A phone-sized visitor opens the menu while the scripts still load: it opens once they have.
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdScripts(page);
  await page.goto('/pricing', { waitUntil: 'domcontentloaded' });
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  release();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
});

test("the support form says 'Name required!' first, then sends once and clears", async ({ page }) => {
  const errors = watchConsole(page);
  const email = `support-${Date.now()}@example.com`;
  await page.goto('/support');
  const form = page.getByRole('form', { name: 'Support form' });
  const submit = form.getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(page.getByText(specTexts.contactNameRequired).first()).toBeVisible();
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  // a message goes as soon as its field is corrected (issue 22); the others stay until theirs are
  await form.getByLabel('Name').fill('Meera');
  await expect(form.getByText(specTexts.contactNameRequired)).toHaveCount(0);
  await expect(form.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(specTexts.contactMessageRequired)).toBeVisible();
  await submit.click();
  await expect(form.getByText(specTexts.contactMessageRequired)).toBeVisible();
  await expect(form.getByLabel('Message')).toBeFocused();
  await form.getByLabel('Message').fill('How do I connect my own domain?');
  await submit.click();
  await expect(form.getByText(specTexts.contactEmailRequired)).toBeVisible();
  await form.getByLabel('Contact email').fill('not-an-email');
  await submit.click();
  await expect(form.getByText(specTexts.contactEmailInvalid)).toBeVisible();
  await form.getByLabel('Contact email').fill(email);
  await form.getByLabel('Subject (optional)').fill('Domains');

  await submit.dblclick();
  await expect(page.getByText(mailTexts.supportSent)).toBeVisible();
  for (const field of ['Name', 'Subject (optional)', 'Message', 'Contact email']) await expect(form.getByLabel(field)).toHaveValue('');
  const rows = await e2eQuery<{ name: string; subject: string; message: string }>(
    'select name, subject, message from support_messages where email = $1',
    [email],
  );
  expect(rows).toEqual([{ name: 'Meera', subject: 'Domains', message: 'How do I connect my own domain?' }]);
  expect(errors).toEqual([]);
});

test('a support message typed and sent before the page has hydrated is sent once it has, and the form clears', async ({ page }) => {
  const email = `support-early-${Date.now()}@example.com`;
  const release = await holdScripts(page);
  await page.goto('/support', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Support form' });
  await form.getByLabel('Name').fill('Arjun');
  await form.getByLabel('Message').fill('Typed while the page loaded');
  await form.getByLabel('Contact email').fill(email);
  await form.getByRole('button', { name: 'Submit' }).click();
  release();
  await expect(page.getByText(mailTexts.supportSent)).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  const rows = await e2eQuery<{ name: string; message: string }>('select name, message from support_messages where email = $1', [email]);
  expect(rows).toEqual([{ name: 'Arjun', message: 'Typed while the page loaded' }]);
});

test('footer links open their pages', async ({ page }) => {
  await page.goto('/home');
  const footer = page.getByRole('contentinfo');
  const links: [string, RegExp, string][] = [
    ['Showcases', /\/showcases$/, 'Showcases'],
    ['About Us', /\/aboutUs$/, 'About Us'],
    ['Pricing', /\/pricing$/, 'Simple, honest pricing'],
    ['Terms & Conditions', /\/terms&Conditions$/, 'Terms & Conditions'],
    ['FAQ', /\/faq$/, 'Frequently Asked Questions'],
    ['Privacy Policy', /\/privacyPolicy$/, 'Privacy Policy'],
    ['Support', /\/support$/, 'Get In touch'],
    ['Home', /\/home$/, 'Your products, beautifully showcased'],
  ];
  for (const [name, url, heading] of links) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('the nav shows Login to visitors and the owner links once signed in; Logout confirms and clears the session', async ({
  page,
  request,
}) => {
  await page.goto('/home');
  const nav = page.getByRole('banner');
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/signIn');
  await expect(nav.getByRole('link', { name: 'Notifications' })).toHaveCount(0);

  const login = await request.post('/api/auth/user/logIn', {
    data: { email: 'demo@stashblog.test', password: Buffer.from('demo-password-1').toString('base64') },
  });
  const token: string = (await login.json()).payload.authorization;
  await page.evaluate((t) => {
    localStorage.setItem('authorization', t);
    localStorage.setItem('userData', JSON.stringify({ logo: null, businessName: 'lotus-handicrafts', domain: null }));
  }, token);
  // The owner links appear after hydration without moving anything (no layout shift).
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.layoutShift += (e as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Profile Home' })).toHaveAttribute('href', '/lotus-handicrafts/home');
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
  await expect(nav.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/userAdmin/notifications');
  await expect(nav.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/userAdmin/userProfileInfo');
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);

  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText(specTexts.confirmLogout)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/signIn$/);
  expect(await page.evaluate(() => localStorage.getItem('authorization'))).toBeNull();
  // The token was revoked on the server too.
  const after = await request.get('/api/auth/user/fetch', { headers: { authorization: token } });
  expect(after.status()).toBe(401);
});

// The Sign up tab itself (creating the business) is the onboarding journey of e2e/platform.spec.ts.
test('the Sign up tab opens from the keyboard and checks the SPEC §5 fields before anything is sent', async ({ page }) => {
  await page.goto('/signIn');
  await page.getByRole('tab', { name: 'Sign In' }).focus();
  await page.keyboard.press('ArrowRight');
  const signUpTab = page.getByRole('tab', { name: 'Sign Up' });
  await expect(signUpTab).toBeFocused();
  await expect(signUpTab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByText(specTexts.contactNameRequired, { exact: true })).toBeVisible();
  await expect(panel.getByText(specTexts.signInEmailRequired, { exact: true })).toBeVisible();
  await expect(panel.getByText(specTexts.signInPasswordRequired, { exact: true })).toBeVisible();
  await signUpTab.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no page scrolls sideways, and the menu opens with every nav link', async ({ page }) => {
    for (const { path } of [...pages, { path: '/Error_404_Not_Found' }]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto('/home');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const mobileNav = page.getByRole('navigation', { name: 'Main menu' });
    for (const name of ['Home', 'Showcases', 'Support']) await expect(mobileNav.getByRole('link', { name })).toBeVisible();
    await mobileNav.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  });
});
