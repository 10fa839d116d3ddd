import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { encodeId } from '@stashblog/contract/ids';
import { generatePrivateLinkCode } from '@stashblog/contract/private-links';
import { sql } from 'drizzle-orm';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp, type TestApp } from '../../test/test-app.ts';
import { hashInlineScripts, permissionsPolicy, scriptHash } from './content-security-policy.ts';
import { nonceCacheControl, publicCacheControl } from './public-cache.ts';

// Issue 7 item 5 (decision 018) and issue 13 (decision 022): every HTML page carries a
// Content-Security-Policy without 'unsafe-inline'. A page no shared cache keeps (signed in, admin,
// marketing, private links, errors) has a fresh nonce on every inline script; an anonymous
// storefront page from the public cache has none and lists the hash of each of its inline scripts,
// the same bytes and the same policy for every visitor, so a CDN may keep it (s-maxage).
// Real HTTP against a listening server.

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let app: TestApp;
let port: number;
const urls: Record<string, string> = {};

type Res = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(url: string, headers: Record<string, string> = {}): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: url, headers: { host: app.ctx.config.appHosts[0] as string, 'user-agent': chrome, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** The directives of a policy header, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

type Script = { nonce: string | null; type: string | null; text: string };

/** The inline (no src) scripts of a page as an HTML parser sees them, with their text. */
function inlineScripts(html: string): Script[] {
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true } });
  const doc = new window.DOMParser().parseFromString(html, 'text/html');
  const scripts = [...doc.querySelectorAll('script')]
    .filter((s) => !s.hasAttribute('src'))
    .map((s) => ({ nonce: s.getAttribute('nonce'), type: s.getAttribute('type'), text: s.textContent ?? '' }));
  void window.happyDOM.close();
  return scripts;
}

const executable = (scripts: Script[]) => scripts.filter((s) => s.type !== 'application/ld+json');
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The checks every page shares: HTML, the permissions policy, no inline allowance, no plug-ins. */
function checkCommon(url: string, res: Res) {
  expect(res.status, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
  expect(res.headers['permissions-policy']).toBe(permissionsPolicy);
  const d = directives(String(res.headers['content-security-policy'] ?? ''));
  const scriptSrc = d.get('script-src') ?? [];
  expect(scriptSrc, url).not.toContain("'unsafe-inline'");
  expect(scriptSrc, url).not.toContain("'unsafe-eval'");
  expect(scriptSrc, url).not.toContain("'unsafe-hashes'");
  expect(d.get('object-src'), url).toEqual(["'none'"]);
  // at least React Router's context and its module bootstrap
  expect(executable(inlineScripts(res.body)).length, url).toBeGreaterThanOrEqual(2);
  return scriptSrc;
}

/** A page no shared cache keeps: one fresh nonce on every executable inline script, private. */
async function noncePage(url: string, headers: Record<string, string> = {}) {
  const res = await get(url, headers);
  const scriptSrc = checkCommon(url, res);
  const nonces = scriptSrc.filter((s) => s.startsWith("'nonce-")).map((s) => s.slice("'nonce-".length, -1));
  expect(nonces, url).toHaveLength(1);
  expect(
    scriptSrc.some((s) => s.startsWith("'sha256-")),
    url,
  ).toBe(false);
  const nonce = nonces[0] as string;
  expect(nonce.length, url).toBeGreaterThanOrEqual(22); // 128 bits
  for (const s of executable(inlineScripts(res.body))) expect(s.nonce, url).toBe(nonce);
  expect(String(res.headers['cache-control']), url).toMatch(/^private, (no-cache|no-store)$/);
  expect(res.headers['x-cache'], url).toBeUndefined();
  return { res, nonce };
}

/** A page shared caches may keep: no nonce anywhere, every inline script allowed by its hash, nothing more. */
async function sharedPage(url: string) {
  const res = await get(url);
  const scriptSrc = checkCommon(url, res);
  expect(
    scriptSrc.some((s) => s.startsWith("'nonce-")),
    url,
  ).toBe(false);
  expect(res.body, url).not.toMatch(/\snonce=/);
  const scripts = inlineScripts(res.body);
  const hashes = new Set(executable(scripts).map((s) => sha256(s.text)));
  for (const hash of hashes) expect(scriptSrc, url).toContain(hash);
  // no hash of anything that is not one of its scripts (JSON-LD is data: neither run nor listed)
  expect(scriptSrc.filter((s) => s.startsWith("'sha256-")).sort(), url).toEqual([...hashes].sort());
  // inline event handlers would need 'unsafe-hashes': there must be none
  expect(res.body, url).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
  expect(res.headers['cache-control'], url).toBe(publicCacheControl);
  expect(res.headers.etag, url).toMatch(/^W\/"/);
  return { res, scripts };
}

// Pages need the web build (`npm test` builds it first; a bare server checkout has none).
describe.skipIf(!existsSync(path.join(import.meta.dirname, '../../../web/build/server/index.js')))('content security policy', () => {
  beforeAll(async () => {
    app = await createDemoTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    const one = async (table: 'products' | 'catalogues') => {
      const { rows } = await app.ctx.db.execute<{ id: string }>(
        sql`select t.id::text from ${sql.identifier(table)} t join businesses b on b.id = t.business_id
            where b.business_name = 'lotus-handicrafts' and t.is_public order by t.created_at limit 1`,
      );
      return encodeURIComponent(encodeId(rows[0]?.id as string));
    };
    urls.product = `/lotus-handicrafts/products/${await one('products')}`;
    urls.catalogue = `/lotus-handicrafts/catalogues/${await one('catalogues')}`;
  });

  it('puts a fresh nonce on every inline script of pages no shared cache keeps', async () => {
    const seen = new Set<string>();
    const pages: [string, Record<string, string>?][] = [
      ['/home'],
      ['/signIn'],
      // ('/showcases' is kept under the platform-wide version and carries no nonce: directory-paging.test.ts, decision 058)
      ['/userAdmin/dashboard'],
      // a storefront page asked for with credentials is never the shared one
      [urls.product as string, { authorization: 'Bearer x' }],
      ['/lotus-handicrafts/home', { authorization: 'Bearer x' }],
    ];
    for (const [url, headers] of pages) {
      const { nonce, res } = await noncePage(url, headers);
      expect(res.headers['cache-control']).toBe(nonceCacheControl);
      seen.add(nonce);
    }
    expect(seen.size).toBe(pages.length);
  });

  it('allows the inline scripts of anonymous storefront pages by hash, with no nonce, the same for every visitor', async () => {
    for (const url of ['/lotus-handicrafts/home', urls.product as string, urls.catalogue as string, '/lotus-handicrafts/aboutus']) {
      const first = await sharedPage(url);
      const second = await sharedPage(url);
      expect(second.res.headers['x-cache'], url).toBe('HIT');
      // the first visitor and every later one get the same bytes under the same policy
      expect(second.res.body, url).toBe(first.res.body);
      expect(second.res.headers['content-security-policy'], url).toBe(first.res.headers['content-security-policy']);
      expect(second.res.headers.etag, url).toBe(first.res.headers.etag);
      // JSON-LD is a data block, never run, so script-src does not apply to it
      if (url === urls.product) expect(first.scripts.some((s) => s.type === 'application/ld+json' && s.nonce === null)).toBe(true);
    }
  });

  it('sends no policy on a 304: the browser or CDN keeps the one its copy came with', async () => {
    const url = '/lotus-handicrafts/products';
    const { res } = await sharedPage(url);
    const notModified = await get(url, { 'if-none-match': String(res.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-security-policy']).toBeUndefined();
    expect(notModified.headers['cache-control']).toBe(publicCacheControl);
  });

  it('gives a private-link page a fresh nonce and no-store, never the shared policy', async () => {
    const owner = await app.owner('csp-private');
    const admin = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: { authorization: owner.token }, payload });
    const created = await admin('/api/userAdmin/products/create', { category: 'Lamps', productName: 'Secret lamp', description: 'x' });
    expect(created.statusCode, created.body).toBe(201);
    const link = await admin('/api/userAdmin/products/generatePrivateLink', {
      fkProductId: created.json().payload.product._id,
      privateLink: generatePrivateLinkCode(),
      linkExpiresAt: { unit: 'Hours', amount: 1 },
      allowMultipleUsers: true,
    });
    expect(link.statusCode, link.body).toBe(201);
    const url = `/csp-private/privateLink?pq=${link.json().payload.privateLink.privateLink}`;
    const first = await noncePage(url);
    const second = await noncePage(url);
    expect(first.res.headers['cache-control']).toBe('private, no-store');
    expect(second.nonce).not.toBe(first.nonce);
  });

  it('hashes only scripts that carried the nonce: one injected through content stays blocked', () => {
    const nonce = 'n0nce-abcdefghijklmnopqr';
    const page = [
      `<script nonce="${nonce}">window.a=1;\r\n</script>`,
      '<script>alert(1)</script>',
      `<script type="module" nonce="${nonce}" data-x="a>b">import("/x.js")</script >`,
      `<link rel="modulepreload" href="/x.js" nonce="${nonce}"/>`,
    ].join('');
    const shared = hashInlineScripts(page, nonce);
    expect(shared?.html).not.toContain(nonce);
    expect(shared?.hashes.sort()).toEqual([scriptHash('window.a=1;\n'), scriptHash('import("/x.js")')].sort());
    expect(shared?.hashes).not.toContain(scriptHash('alert(1)'));
    // a nonce that shows anywhere but in nonce attributes cannot be taken out: the page keeps it
    expect(hashInlineScripts(`<script nonce="${nonce}">var n="${nonce}"</script>`, nonce)).toBeNull();
  });

  it('allows uploads and media on PUBLIC_URL, and nothing from elsewhere', async () => {
    for (const url of ['/signIn', '/lotus-handicrafts/home']) {
      const res = await get(url);
      const d = directives(String(res.headers['content-security-policy']));
      const origin = new URL(app.ctx.config.publicUrl).origin;
      expect(d.get('connect-src')).toEqual(["'self'", origin]);
      expect(d.get('img-src')).toEqual(["'self'", origin, 'data:', 'blob:']);
      expect(d.get('default-src')).toEqual(["'self'"]);
      expect(d.get('base-uri')).toEqual(["'none'"]);
      expect(d.get('frame-ancestors')).toEqual(["'self'"]);
    }
  });

  it('leaves API answers and data loads without a page policy', async () => {
    const api = await get('/api/public/user/fetchCategories?businessName=lotus-handicrafts');
    expect(api.status).toBe(200);
    expect(api.headers['content-security-policy']).toBeUndefined();
    const data = await get('/lotus-handicrafts/home.data');
    expect(data.status).toBe(200);
    expect(data.headers['content-security-policy']).toBeUndefined();
    expect(data.headers['cache-control']).toBe(publicCacheControl);
  });
});
