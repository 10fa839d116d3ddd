import { readFileSync } from 'node:fs';
import { leadTexts } from '@stashblog/contract/leads';
import { serverTexts } from '@stashblog/contract/server-texts';
import { specTexts } from '@stashblog/contract/spec-texts';
import { e2eQuery } from './e2e-db.ts';
import { expect, signInAsOwner, test } from './fixtures.ts';

const encode = (id: string) => Buffer.from(JSON.stringify(id)).toString('base64');

// Issue 8 journey: a visitor's enquiry reaches the owner at once (bell without reload), the owner
// reads it, replies, downloads the CSV and deletes the lead.
test("a visitor's enquiry rings the owner's bell without a reload; the owner downloads the CSV and deletes the lead", async ({
  page,
  browser,
}) => {
  const email = `meera-${Date.now()}@example.test`;
  const [p] = await e2eQuery<{ id: string }>("select id from products where product_name = 'Brass diya lamp'");
  await e2eQuery(
    "update notifications set is_marked_read = true where business_id = (select id from businesses where business_name = 'lotus-handicrafts')",
  );

  await signInAsOwner(page);
  await page.goto('/userAdmin/leads');
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  await expect(page.getByTestId('bell-count')).toHaveCount(0);

  const visitor = await browser.newPage();
  await visitor.goto(`/lotus-handicrafts/products/${encode(p.id)}`);
  await visitor.getByRole('button', { name: 'Send Query' }).click();
  const form = visitor.getByRole('dialog', { name: 'Send Query' });
  await form.getByLabel('Name').fill('Meera');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('9000054321');
  await form.getByLabel('Query').fill('=SUM(1,2) price for 50?');
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(visitor.getByText(serverTexts.querySent)).toBeVisible();
  await visitor.close();

  // The owner's page was not reloaded: the bell polls.
  await expect(page.getByTestId('bell-count')).toHaveText('1', { timeout: 20_000 });

  await page.goto(`/userAdmin/products/leads/${encode(p.id)}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText(leadTexts.newLead)).toBeVisible();
  const wa = await row.getByRole('link', { name: leadTexts.replyOnWhatsApp }).getAttribute('href');
  expect(wa).toMatch(/^https:\/\/wa\.me\/919000054321\?text=/);
  expect(decodeURIComponent(wa ?? '')).toContain('Brass diya lamp');
  expect(await row.getByRole('link', { name: leadTexts.replyByMail }).getAttribute('href')).toContain(`mailto:${email}`);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Leads' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('leads_data.csv');
  const csv = readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('S.No.,name,phoneNo,email,query,createdAt,productName,productLink');
  const mine = lines.find((l) => l.includes(email)) ?? '';
  expect(mine).toMatch(/^\d+,Meera,9000054321,/);
  expect(mine).toContain(`"'=SUM(1,2) price for 50?"`);
  expect(mine).toContain(`/lotus-handicrafts/products/${encode(p.id)}`);
  await expect(page.getByText(specTexts.leadsDownloaded)).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: specTexts.confirmDeleteLead });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  expect(await e2eQuery('select id from leads where email = $1', [email])).toEqual([]);
});
