import { antiSpamTexts } from '@stashblog/contract/anti-spam';
import { notificationTexts } from '@stashblog/contract/notifications';
import { serverTexts } from '@stashblog/contract/server-texts';
import { e2eQuery, e2eWritten } from './e2e-db.ts';
import { expect, type Page, test } from './fixtures.ts';
import { formChallengeTtlSeconds } from './playwright.config.ts';

// Issue 20 items 5-6: public forms carry a challenge the server signed (docs/decisions/010), fetched
// by the page once it has hydrated. A person types and sends; they never see the challenge, not even
// when the form stays open longer than its lifetime (FORM_CHALLENGE_TTL_SECONDS, short for these journeys).
const business = 'lotus-handicrafts';

type Post = { url: string; body: Record<string, unknown>; status: number };

/** Every challenge the page fetches and every form it posts, with the server's answers. */
function watchForms(page: Page) {
  const challenges: string[] = [];
  const posts: Post[] = [];
  page.on('response', async (res) => {
    const url = res.url();
    if (url.includes('/api/public/forms/challenge')) challenges.push(new URL(url).searchParams.get('form') ?? '');
    else if (res.request().method() === 'POST' && /createLead|createForum|sendSupportMail/.test(url))
      posts.push({ url, body: res.request().postDataJSON(), status: res.status() });
  });
  return { challenges, posts };
}

async function sendEnquiry(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Send Query' });
  await dialog.getByLabel('Name').fill('Kavya Visitor');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('9812345670');
  await dialog.getByLabel('Query').fill('Is the vase glazed inside?');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(serverTexts.querySent)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function openProduct(page: Page) {
  await page.goto(`/${business}/products?category=Pottery`);
  await page
    .locator('main article')
    .getByRole('link', { name: /blue pottery vase/i })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blue pottery vase' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Query' }).click();
}

test('a product enquiry typed and sent at once is accepted with the challenge, stored once', async ({ page }) => {
  const forms = watchForms(page);
  const email = `challenge-lead-${Date.now()}@example.com`;
  await openProduct(page);
  await sendEnquiry(page, email);
  expect(forms.challenges).toEqual(['product-lead']);
  expect(forms.posts).toHaveLength(1);
  expect(forms.posts[0].status).toBe(201);
  expect(forms.posts[0].body).toMatchObject({ website: '', challenge: expect.stringMatching(/^[\w-]+\.[\w-]{43}$/) });
  expect(forms.posts[0].body).not.toHaveProperty('formElapsedMs');
  const rows = await e2eQuery<{ product_name: string }>('select product_name from leads where email = $1', [email]);
  expect(rows).toEqual([{ product_name: 'Blue pottery vase' }]);
});

test('a contact message typed and sent is accepted with the challenge, stored once, and the form clears', async ({ page }) => {
  const forms = watchForms(page);
  const email = `challenge-contact-${Date.now()}@example.com`;
  await page.goto(`/${business}/contactus`);
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill('Kavya Contact');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('Do you take custom orders for weddings?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(serverTexts.forumSent)).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  expect(forms.challenges).toEqual(['forum']);
  expect(forms.posts.map((p) => p.status)).toEqual([201]);
  const rows = await e2eQuery<{ name: string }>('select name from forum_messages where email = $1', [email]);
  expect(rows).toEqual([{ name: 'Kavya Contact' }]);
});

test('a contact form left open longer than the challenge lives still sends: the page renewed it in the background', async ({ page }) => {
  test.setTimeout(60_000 + formChallengeTtlSeconds * 1000);
  const forms = watchForms(page);
  const email = `challenge-open-${Date.now()}@example.com`;
  await page.goto(`/${business}/contactus`);
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill('Kavya Slow');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('Left open over lunch');
  await expect.poll(() => forms.challenges.length).toBe(1);
  // The visitor leaves the form open past the first challenge's lifetime.
  await page.waitForTimeout(formChallengeTtlSeconds * 1000 + 2000);
  expect(forms.challenges.length).toBeGreaterThanOrEqual(2);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(serverTexts.forumSent)).toBeVisible();
  expect(forms.posts.map((p) => p.status)).toEqual([201]);
  const rows = await e2eQuery<{ name: string }>('select name from forum_messages where email = $1', [email]);
  expect(rows).toEqual([{ name: 'Kavya Slow' }]);
});

test('an enquiry whose challenge expired while the computer slept is sent again with a fresh one, unseen by the person', async ({
  page,
}) => {
  test.setTimeout(60_000 + formChallengeTtlSeconds * 1000);
  const forms = watchForms(page);
  const email = `challenge-slept-${Date.now()}@example.com`;
  // A sleeping computer: the page's renewal timer never ran, so it still holds the first challenge.
  let first = true;
  await page.route('**/api/public/forms/challenge?*', async (route) => {
    if (!first) return route.continue();
    first = false;
    const res = await route.fetch();
    const json = await res.json();
    json.payload.expiresInMs = 24 * 3600_000;
    await route.fulfill({ response: res, json });
  });
  await openProduct(page);
  await expect.poll(() => forms.challenges.length).toBe(1);
  await page.waitForTimeout(formChallengeTtlSeconds * 1000 + 1500);
  await sendEnquiry(page, email);
  // The server refused the stale challenge once; the page fetched another and sent again.
  expect(forms.posts.map((p) => p.status)).toEqual([400, 201]);
  expect(forms.posts[0].body.idempotencyKey).toBe(forms.posts[1].body.idempotencyKey);
  expect(forms.challenges).toEqual(['product-lead', 'product-lead']);
  await expect(page.getByText(antiSpamTexts.tooFast)).toHaveCount(0);
  const rows = await e2eQuery<{ product_name: string }>('select product_name from leads where email = $1', [email]);
  expect(rows).toHaveLength(1);
  const counted = await e2eQuery<{ count: number }>(
    "select count from spam_rejections where form = 'product-lead' and reason = 'expired-challenge' and day = (now() at time zone 'utc')::date",
  );
  expect(counted[0]?.count).toBeGreaterThanOrEqual(1);
});

test("opening a private link tells the owner in words the server chose, linking to the link's admin page", async ({ page, request }) => {
  // A private product of the demo business of its own, so other journeys' demo data stays as it was.
  const [{ id }] = await e2eQuery<{ id: string }>(
    `insert into products (business_id, id, product_name, description, category, price_per_unit, is_public)
     select id, gen_random_uuid(), 'Teak spice box', 'Carved by hand.', 'Boxes', 1999, false from businesses where business_name = $1
     returning id`,
    [business],
  );
  await e2eWritten(business);
  const signIn = await request.post('/api/auth/user/logIn', {
    data: { email: 'demo@stashblog.test', password: Buffer.from('demo-password-1').toString('base64') },
  });
  const authorization = (await signIn.json()).payload.authorization as string;
  const code = `Teak${Date.now()}`.padEnd(20, 'x').slice(0, 20);
  const made = await request.post('/api/userAdmin/products/generatePrivateLink', {
    headers: { authorization },
    data: { fkProductId: id, privateLink: code, linkExpiresAt: { unit: 'Hours', amount: 1 } },
  });
  expect(made.status()).toBe(201);

  await page.goto(`/${business}/privateLink?pq=${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Teak spice box' })).toBeVisible();
  const bell = async () =>
    (await (await request.get('/api/userAdmin/notification/fetchAll', { headers: { authorization } })).json()).payload.notifications as {
      notification: string;
      redirect: string;
    }[];
  await expect
    .poll(async () => (await bell()).find((n) => n.notification.includes(code)), { timeout: 15_000 })
    .toEqual(
      expect.objectContaining({
        notification: notificationTexts.privateLinkOpened(code, 'Teak spice box'),
        redirect: `/userAdmin/products/privateLinks/${id}`,
      }),
    );
});
