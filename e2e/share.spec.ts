import { readFileSync } from 'node:fs';
import { encodeId } from '@stashblog/contract/ids';
import { posterTexts } from '@stashblog/contract/posters';
import { shareTexts } from '@stashblog/contract/share';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { e2eQuery } from './e2e-db.ts';
import { expect, type Page, signInAsOwner, test } from './fixtures.ts';

// Issue 25 items 2 and 3: a visitor shares a product or catalogue on WhatsApp (its chat preview is
// the item's share card); the owner prints a QR poster of the store or of a product.

/** Answers every wa.me request in the browser itself: the journey never leaves this machine. */
async function keepWhatsAppLocal(page: Page) {
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'WhatsApp' }));
}

/** The share link's popup, opened from the keyboard, and the text it hands WhatsApp. */
async function shareFromKeyboard(page: Page) {
  const share = page.getByRole('link', { name: shareTexts.shareOnWhatsApp });
  await expect(share).toBeVisible();
  // it fits the 360 px screen
  const box = await share.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  await share.focus();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  await popup.waitForLoadState();
  const url = new URL(popup.url());
  await popup.close();
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/');
  return url.searchParams.get('text');
}

/** Width and height of a PNG, from its header. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

test.use({ viewport: { width: 360, height: 740 } });

test('a product page shares its name and link on WhatsApp, and names its 1200×630 card as og:image', async ({ page }) => {
  const [p] = await e2eQuery<{ id: string }>("select id from products where product_name = 'Brass diya lamp'");
  await keepWhatsAppLocal(page);
  const path = `/lotus-handicrafts/products/${encodeId(p.id)}`;
  await page.goto(path);
  expect(await shareFromKeyboard(page)).toBe(`Brass diya lamp ${new URL(page.url()).origin}${path}`);

  const og = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(og).toMatch(/\/api\/public\/cards\/product\?businessName=lotus-handicrafts&id=.+&v=.+$/);
  expect(await page.locator('meta[name="twitter:image"]').getAttribute('content')).toBe(og);
  const card = await page.request.get(og as string);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');
  expect(pngSize(await card.body())).toEqual([1200, 630]);
});

test('a catalogue page shares its name and link on WhatsApp', async ({ page }) => {
  const [c] = await e2eQuery<{ id: string; name: string }>(
    "select id, catalogue_name as name from catalogues where is_public and business_id = (select id from businesses where business_name = 'lotus-handicrafts') limit 1",
  );
  await keepWhatsAppLocal(page);
  const path = `/lotus-handicrafts/catalogues/${encodeId(c.id)}`;
  await page.goto(path);
  expect(await shareFromKeyboard(page)).toBe(`${c.name} ${new URL(page.url()).origin}${path}`);
  const og = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(pngSize(await (await page.request.get(og as string)).body())).toEqual([1200, 630]);
});

/** The QR code's text in a downloaded poster, read back with a QR reader. */
async function posterQr(file: string) {
  const { data, info } = await sharp(readFileSync(file)).resize({ width: 600 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the owner downloads QR posters of the store from the dashboard and of a product from its edit page', async ({ page }) => {
    // two 300 dpi posters drawn and read back: more than a minute on a loaded machine
    test.slow();
    await signInAsOwner(page);
    const origin = new URL(page.url()).origin;
    const store = page.getByRole('region', { name: posterTexts.storePosterTitle });
    const [a6] = await Promise.all([page.waitForEvent('download'), store.getByRole('button', { name: posterTexts.downloadA6 }).click()]);
    expect(a6.suggestedFilename()).toBe('lotus-handicrafts-store-poster-a6.png');
    expect(await posterQr(await a6.path())).toBe(`${origin}/lotus-handicrafts/home`);

    const [p] = await e2eQuery<{ id: string }>("select id from products where product_name = 'Brass diya lamp'");
    await page.goto(`/userAdmin/editProduct/${encodeId(p.id)}`);
    const poster = page.getByRole('region', { name: posterTexts.poster });
    const [a5] = await Promise.all([page.waitForEvent('download'), poster.getByRole('button', { name: posterTexts.downloadA5 }).click()]);
    expect(a5.suggestedFilename()).toBe('lotus-handicrafts-product-poster-a5.png');
    const file = await a5.path();
    expect(pngSize(readFileSync(file))).toEqual([1748, 2480]);
    expect(await posterQr(file)).toBe(`${origin}/lotus-handicrafts/products/${encodeId(p.id)}`);
  });
});
