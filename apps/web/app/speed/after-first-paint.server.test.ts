import { describe, expect, it } from 'vitest';
import { moduleAfterPaint, preloadAfterPaint } from './after-first-paint';
import { scriptsAfterFirstPaint } from './after-first-paint.server';

// What React Router's <Scripts> and React write (nonce first, as React Router spreads the script
// props before `type` and `async`), around markup that must pass unchanged.
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A1.js"/><link rel="modulepreload" href="/assets/framework-B2.js"/>',
  '<link rel="stylesheet" href="/assets/root-C3.css"/><script nonce="n0nce">globalThis.x=1;</script></head>',
  '<body><p>Kāñcīpuram silk — “hand-woven” ✓</p><p>a &lt;link rel=&quot;modulepreload&quot;&gt; in text</p>',
  '<script type="application/ld+json">{"name":"Saree"}</script>',
  '<script nonce="n0nce">window.__reactRouterContext = {"a":"\\u003cscript type=\\"module\\" async=\\"\\"\\u003e"};</script>',
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-D4.js";\nimport("/assets/entry.client-A1.js");</script>',
  '</body></html>',
].join('');

const expected = page
  .replaceAll('<link rel="modulepreload"', `<link rel="${preloadAfterPaint}"`)
  .replace('<script nonce="n0nce" type="module" async="">', `<script nonce="n0nce" type="text/plain" ${moduleAfterPaint}="">`);

async function through(chunks: Buffer[]): Promise<string> {
  const transform = scriptsAfterFirstPaint();
  const out: Buffer[] = [];
  transform.on('data', (chunk: Buffer) => out.push(Buffer.from(chunk)));
  const done = new Promise((resolve) => transform.on('end', resolve));
  for (const chunk of chunks) transform.write(chunk);
  transform.end();
  await done;
  return Buffer.concat(out).toString('utf8');
}

describe('scriptsAfterFirstPaint', () => {
  it("makes React Router's modulepreload links and inline module script inert and leaves the rest as it was", async () => {
    const html = await through([Buffer.from(page)]);
    expect(html).toBe(expected);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html.match(new RegExp(preloadAfterPaint, 'g'))).toHaveLength(2);
    expect(html.match(new RegExp(moduleAfterPaint, 'g'))).toHaveLength(1);
  });

  it('gives the same page however the stream is cut, inside tags and inside multi-byte characters', async () => {
    const bytes = Buffer.from(page);
    for (let at = 1; at < bytes.length; at++) {
      expect(await through([bytes.subarray(0, at), bytes.subarray(at)])).toBe(expected);
    }
    const small = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    expect(await through(small)).toBe(expected);
  });
});
