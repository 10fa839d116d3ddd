import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from '@playwright/test';
import { encodeId } from '@stashblog/contract/ids';
import { e2eQuery, e2eWritten } from './e2e-db.ts';
import { expect, type Page, signInAsOwner, test } from './fixtures.ts';
import { e2ePort } from './playwright.config.ts';

// Issue 22: the standard validators give clean marks. The W3C Nu HTML checker (vnu-jar, one Java
// run over every page at once) finds no error in the HTML the server sends for the storefront,
// marketing and account pages; axe-core finds no serious or critical violation on any storefront,
// marketing or workspace page once it has rendered. Pages are only read: the demo data stays as it was.

const business = 'lotus-handicrafts';
const origin = `http://localhost:${e2ePort}`;
// What a visitor's browser gets (crawlers get the page in one piece, browsers streamed).
const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

async function demoIds() {
  const [row] = await e2eQuery<{ product: string; catalogue: string }>(
    `select (select p.id::text from products p where p.business_id = b.id and p.is_public and not p.is_blocked
              order by p.price_per_unit is null, p.created_at limit 1) as product,
            (select c.id::text from catalogues c where c.business_id = b.id and c.is_public and not c.is_blocked
              order by c.created_at limit 1) as catalogue
       from businesses b where b.business_name = $1`,
    [business],
  );
  return { product: encodeId(row.product), catalogue: encodeId(row.catalogue) };
}

function storefrontPages(ids: { product: string; catalogue: string }) {
  return [
    'home',
    'products',
    `products/${ids.product}`,
    'catalogues',
    `catalogues/${ids.catalogue}`,
    'aboutus',
    'contactus',
    'search?searchQuery=vase',
    'privateLink',
  ].map((p) => `/${business}/${p}`);
}

const marketingPages = [
  '/home',
  '/pricing',
  '/aboutUs',
  '/showcases',
  '/support',
  '/faq',
  '/privacyPolicy',
  '/terms&conditions',
  `/getStarted/${encodeURIComponent(encodeId('Basic-Plan'))}`,
];
const accountPages = ['/signIn', '/forgotPassword', '/platform/signIn'];

const workspacePages = (ids: { product: string; catalogue: string }) => [
  '/userAdmin/dashboard',
  '/userAdmin/products',
  '/userAdmin/addProduct',
  `/userAdmin/editProduct/${ids.product}`,
  `/userAdmin/products/leads/${ids.product}`,
  `/userAdmin/products/privateLinks/${ids.product}`,
  `/userAdmin/products/privateLinks/${ids.product}/addPrivateLink`,
  '/userAdmin/catalogues',
  '/userAdmin/addCatalogue',
  `/userAdmin/editCatalogue/${ids.catalogue}`,
  `/userAdmin/catalogues/${ids.catalogue}`,
  `/userAdmin/catalogues/leads/${ids.catalogue}`,
  '/userAdmin/leads',
  '/userAdmin/forum',
  '/userAdmin/notifications',
  '/userAdmin/userProfileInfo',
  '/userAdmin/settings',
  '/userAdmin/settings/changePassword',
  '/userAdmin/settings/themes',
];

type NuMessage = { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string };

/** Every error the Nu HTML checker finds in these pages, as `path:line: message`, in one Java run. */
async function nuErrors(pages: { path: string; html: string }[]): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'stashblog-vnu-'));
  try {
    const files = await Promise.all(
      pages.map(async (p, i) => {
        const file = path.join(dir, `${i}.html`);
        await writeFile(file, p.html);
        return file;
      }),
    );
    const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
    // The client compiler only (half the CPU time of a run this short), which needs a deeper stack
    // than the checker's 512k minimum. JSON comes on stderr; the exit code only says there were errors.
    const java = ['-Xss8m', '-XX:TieredStopAtLevel=1', '-jar', jar, '--errors-only', '--format', 'json', ...files];
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve) =>
      execFile('java', java, { maxBuffer: 64 * 1024 * 1024 }, (_error, out, err) => resolve({ stdout: out, stderr: err })),
    );
    let messages: NuMessage[];
    try {
      ({ messages } = JSON.parse(stderr) as { messages: NuMessage[] });
    } catch {
      throw new Error(`the Nu HTML checker did not answer with its report:\n${stdout}\n${stderr}`);
    }
    return messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => {
        const page = pages[Number(path.basename(m.url ?? '', '.html'))]?.path ?? m.url;
        return `${page}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 160)}]` : ''}`;
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Opens a page and waits until it shows what it loads (a heading, nothing busy or loading). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('h1').first(), url).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), url).toHaveCount(0);
  await expect(page.getByText(/^Loading/), url).toHaveCount(0);
}

/**
 * The serious and critical axe-core violations of these pages, one line per page and rule. Two pages
 * at a time: axe is most of the time, and a page waiting for its server leaves a core to the other.
 */
async function axeViolations(context: BrowserContext, urls: string[]): Promise<string[]> {
  const queue = [...urls];
  const found: string[] = [];
  const worker = async () => {
    const page = await context.newPage();
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      await open(page, url);
      const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
      for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        found.push(`${url}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    await page.close();
  };
  await Promise.all([worker(), worker()]);
  return found.sort();
}

// The file is meant to take under a minute on a quiet two-core machine; the margin is for a busy one.
test.describe.configure({ timeout: 180_000 });

// The Nu checker's Java run goes on beside the browser tests; its own test, last, waits for it.
let nuRun: Promise<string[]> = Promise.resolve([]);
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { 'user-agent': browserAgent } });
  const ids = await demoIds();
  nuRun = (async () => {
    const paths = [...storefrontPages(ids), ...marketingPages, ...accountPages];
    const pages = await Promise.all(
      paths.map(async (p) => {
        const res = await request.get(p, { maxRedirects: 0 });
        if (res.status() !== 200) throw new Error(`${p} answered ${res.status()}`);
        return { path: p, html: await res.text() };
      }),
    );
    return nuErrors(pages);
  })().finally(() => request.dispose());
  // Reported by the test below.
  nuRun.catch(() => {});
});

test('axe-core finds no serious or critical violation on the storefront, marketing and account pages', async ({ context }) => {
  const ids = await demoIds();
  expect(await axeViolations(context, [...storefrontPages(ids), ...marketingPages, ...accountPages])).toEqual([]);
});

test('axe-core finds no serious or critical violation on the workspace pages', async ({ context, page }) => {
  await signInAsOwner(page);
  expect(await axeViolations(context, workspacePages(await demoIds()))).toEqual([]);
});

test('the Nu HTML checker finds no error on the storefront, marketing and account pages', async () => {
  expect(await nuRun).toEqual([]);
});

test('crawlers find every sitemap from the root, product data claims an offer only with a price, a store installs as itself', async ({
  request,
}) => {
  // the root robots.txt names the sitemap index, which lists the demo stores' sitemaps
  expect(await (await request.get('/robots.txt')).text()).toContain(`\nSitemap: ${origin}/sitemap.xml\n`);
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain(`<sitemap><loc>${origin}/${business}/sitemap.xml</loc></sitemap>`);

  const jsonLd = async (url: string) => {
    const html = await (await request.get(url, { headers: { 'user-agent': browserAgent } })).text();
    return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1] as string));
  };
  const ids = await demoIds();
  const [product] = await jsonLd(`/${business}/products/${ids.product}`);
  expect(product['@type']).toBe('Product');
  expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'INR', availability: 'https://schema.org/InStock' });
  expect(product.image.length).toBeGreaterThan(0);
  // a product without price or image: nothing that claims to be a Product rich result
  const [bare] = await e2eQuery<{ id: string }>(
    `insert into products (business_id, id, product_name, description, category, is_public)
     select id, gen_random_uuid(), 'validator bare product', 'No price yet.', 'Misc', true from businesses where business_name = $1
     returning id::text`,
    [business],
  );
  await e2eWritten(business);
  try {
    expect(await jsonLd(`/${business}/products/${encodeId(bare?.id as string)}`)).toEqual([]);
  } finally {
    await e2eQuery('delete from products where id = $1', [bare?.id]);
    await e2eWritten(business);
  }

  // a storefront links its own manifest, which opens the store's home; the platform's opens the dashboard
  const storeHtml = await (await request.get(`/${business}/home`)).text();
  expect(storeHtml).toContain(`<link rel="manifest" href="/${business}/store.webmanifest"/>`);
  const manifest = await (await request.get(`/${business}/store.webmanifest`)).json();
  expect(manifest).toMatchObject({ start_url: `/${business}/home`, scope: `/${business}/` });
  expect(await (await request.get('/home')).text()).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
});
