import { existsSync } from 'node:fs';
import path from 'node:path';
import { encodeId } from '@stashblog/contract/ids';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemo } from '../cli/seed-demo.ts';
import { permissionsPolicy } from './content-security-policy.ts';

// Issue 7 item 5 (decision 018): every HTML page carries a Content-Security-Policy whose script-src
// is our origin plus this response's nonce, and every inline script of the page carries that nonce
// (React Router's hydration data and module bootstrap, scroll restoration, React's streaming
// scripts). Pages from the public cache get a nonce of their own, never the one they were made with.

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let app: TestApp;
const urls: Record<string, string> = {};

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

/** The `<script>` start tags of a page that have no src (inline), with their attributes. */
function inlineScripts(html: string): { nonce: string | undefined; type: string | undefined }[] {
  return [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((m) => m[1] ?? '')
    .filter((attrs) => !/\ssrc=/i.test(attrs))
    .map((attrs) => ({ nonce: /\snonce="([^"]*)"/.exec(attrs)?.[1], type: /\stype="([^"]*)"/.exec(attrs)?.[1] }));
}

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: app.ctx.config.appHosts[0] as string, 'user-agent': chrome, ...headers } });

/** Fetches a page and checks its policy against its scripts; returns the response and its nonce. */
async function checkedPage(url: string) {
  const res = await page(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
  expect(res.headers['permissions-policy']).toBe(permissionsPolicy);
  const policy = String(res.headers['content-security-policy'] ?? '');
  const d = directives(policy);
  const scriptSrc = d.get('script-src') ?? [];
  expect(scriptSrc, url).not.toContain("'unsafe-inline'");
  expect(scriptSrc, url).not.toContain("'unsafe-eval'");
  const nonces = scriptSrc.filter((s) => s.startsWith("'nonce-")).map((s) => s.slice("'nonce-".length, -1));
  expect(nonces, url).toHaveLength(1);
  const nonce = nonces[0] as string;
  expect(nonce.length, url).toBeGreaterThanOrEqual(22); // 128 bits
  expect(d.get('object-src'), url).toEqual(["'none'"]);

  const scripts = inlineScripts(res.body);
  const executable = scripts.filter((s) => s.type !== 'application/ld+json');
  // at least React Router's context and its module bootstrap
  expect(executable.length, url).toBeGreaterThanOrEqual(2);
  for (const s of executable) expect(s.nonce, url).toBe(nonce);
  return { res, nonce, scripts };
}

// Pages need the web build (`npm test` builds it first; a bare server checkout has none).
describe.skipIf(!existsSync(path.join(import.meta.dirname, '../../../web/build/server/index.js')))('content security policy', () => {
  beforeAll(async () => {
    app = await createTestApp();
    await seedDemo(app.ctx, () => {});
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

  it('puts a nonce on every inline script of the storefront, marketing and sign-in pages', async () => {
    const seen = new Set<string>();
    for (const url of ['/lotus-handicrafts/home', urls.product as string, urls.catalogue as string, '/home', '/signIn', '/showcases']) {
      const { nonce, scripts } = await checkedPage(url);
      seen.add(nonce);
      // JSON-LD is a data block, never run, so script-src does not apply to it (and it has no nonce)
      if (url === urls.product)
        expect(
          scripts.some((s) => s.type === 'application/ld+json'),
          url,
        ).toBe(true);
    }
    expect(seen.size).toBe(6);
  });

  it('gives a page from the public cache a fresh nonce every time, and none on a 304', async () => {
    const url = '/lotus-handicrafts/products';
    const first = await checkedPage(url);
    const second = await checkedPage(url);
    const third = await checkedPage(url);
    expect(second.res.headers['x-cache']).toBe('HIT');
    expect(third.res.headers['x-cache']).toBe('HIT');
    expect(new Set([first.nonce, second.nonce, third.nonce]).size).toBe(3);
    expect(second.res.body).not.toContain(first.nonce);
    expect(third.res.body).not.toContain(second.nonce);
    // no shared cache may hand one visitor's nonce to the next
    expect(String(second.res.headers['cache-control'])).toMatch(/^private\b/);

    // The browser keeps its copy with the policy it came with: a new nonce would block its scripts.
    const notModified = await page(url, { 'if-none-match': String(second.res.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['content-security-policy']).toBeUndefined();
  });

  it('allows uploads and media on PUBLIC_URL, and nothing from elsewhere', async () => {
    const { res } = await checkedPage('/signIn');
    const d = directives(String(res.headers['content-security-policy']));
    const origin = new URL(app.ctx.config.publicUrl).origin;
    expect(d.get('connect-src')).toEqual(["'self'", origin]);
    expect(d.get('img-src')).toEqual(["'self'", origin, 'data:', 'blob:']);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('leaves API answers and data loads without a page policy', async () => {
    const api = await page('/api/public/user/fetchCategories?businessName=lotus-handicrafts');
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-security-policy']).toBeUndefined();
    const data = await page('/lotus-handicrafts/home.data');
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-security-policy']).toBeUndefined();
  });
});
