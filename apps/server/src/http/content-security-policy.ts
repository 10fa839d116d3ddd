import { createHash, randomBytes } from 'node:crypto';
import type { Config, S3Config } from '../config.ts';

// The Content-Security-Policy and Permissions-Policy of every HTML page the SSR adapter sends
// (docs/decisions/018-content-security-policy.md). Scripts run only from our own origin or inline
// with this response's nonce, which React Router and React put on every script they write — or, on
// a page shared caches may keep, inline when their hash is listed (docs/decisions/022-hashed-csp-for-shared-pages.md).

/** A fresh nonce for one HTML response: 128 random bits, base64url (valid in a CSP nonce-source). */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** Microphone for voice search on our own pages; camera and geolocation for nobody. */
export const permissionsPolicy = 'camera=(), geolocation=(), microphone=(self)';

/** What lets a page's inline scripts run: this response's nonce, or the hashes of a page shared by many. */
export type InlineScripts = { nonce: string } | { hashes: string[] };

/** Builds the page policy once per app; the result takes a response's nonce or a shared page's script hashes. */
export function pagePolicy(config: Pick<Config, 'publicUrl' | 'blobStore'>): (scripts: InlineScripts) => string {
  // Upload urls and absolute media urls are on PUBLIC_URL, which may not be the host a page was
  // served from (127.0.0.1 next to localhost, a custom domain).
  const publicOrigin = new URL(config.publicUrl).origin;
  // A bucket with a public base (S3_PUBLIC_URL) may serve media to browsers itself.
  const mediaOrigins = config.blobStore.kind === 's3' && config.blobStore.publicUrl ? [new URL(config.blobStore.publicUrl).origin] : [];
  // Owners' browsers PUT originals straight to the bucket through presigned urls (decision 015).
  const uploadOrigins = config.blobStore.kind === 's3' ? bucketOrigins(config.blobStore) : [];
  const directives = (scripts: InlineScripts): [string, string[]][] => [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...('nonce' in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((h) => `'${h}'`))]],
    // React writes style attributes (theme colours, progress bars) and the toast library inserts a
    // <style> element; a nonce here would switch 'unsafe-inline' off, so styles have none.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // blob: previews of images being cropped and compressed before upload; data: for tiny inline images.
    ['img-src', ["'self'", publicOrigin, ...mediaOrigins, 'data:', 'blob:']],
    ['connect-src', ["'self'", publicOrigin, ...uploadOrigins]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return (scripts) =>
    directives(scripts)
      .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
      .join('; ');
}

// A script element: its start tag (quoted attribute values may hold '>') and its text, which ends
// at the first `</script` followed by whitespace, '/' or '>', as the HTML tokenizer ends it.
const scriptElement = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script[\s/>]/gi;

// Speed trick (issue 21, decision 041; first 022), kept in this module alone: a storefront page the
// public cache keeps is rendered once with a nonce, then the nonce is traded for its scripts' hashes
// by rewriting the HTML, so the page is answered from the cache, byte for byte, to every visitor and
// CDN (decision 041: a product page 134–258 req/s from the cache against 11–17 rendered each time,
// on this loaded machine). It assumes that every
// script React Router and React write carries the nonce attribute exactly as ` nonce="…"` and that a
// browser hashes the text the regex below cuts. content-security-policy.test.ts (every inline
// script of a shared page is allowed by exactly its hash) and e2e/storefront.spec.ts (a page from the
// cache hydrates under the journeys' fail-on-violation fixture) fail if either stops holding.

/**
 * Turns a page rendered with `nonce` into one any visitor may get: the nonce attributes go and each
 * inline script that carried the nonce is allowed by its hash instead. Only scripts with the nonce
 * are hashed — those React Router, React and we wrote; a script injected through content never had
 * it, so it stays blocked as under a nonce. Null when the nonce shows anywhere else in the page
 * (it could not be removed without changing what a script sees; such a page keeps its nonce).
 */
export function hashInlineScripts(html: string, nonce: string): { html: string; hashes: string[] } | null {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attrs = '', text = ''] of html.matchAll(scriptElement)) {
    if (attrs.includes(attribute)) hashes.add(scriptHash(text));
  }
  const shared = html.replaceAll(attribute, '');
  return shared.includes(nonce) ? null : { html: shared, hashes: [...hashes] };
}

/**
 * The CSP hash-source of an inline script's text as a browser computes it: over the text the parser
 * produced (line breaks normalised to LF, NUL read as U+FFFD), encoded as UTF-8.
 */
export function scriptHash(text: string): string {
  const parsed = text.replace(/\r\n?/g, '\n').replaceAll('\0', '\uFFFD');
  return `sha256-${createHash('sha256').update(parsed, 'utf8').digest('base64')}`;
}

/**
 * The origins a presigned PUT may point at: the SDK addresses a bucket virtual-hosted
 * (`bucket.host`) unless told to use paths or the bucket name is not a DNS label, then by path on
 * the endpoint itself; both are allowed so neither form is refused by the browser.
 */
export function bucketOrigins(s3: Pick<S3Config, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): string[] {
  const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  const pathStyle = endpoint.origin;
  return s3.forcePathStyle ? [pathStyle] : [`${endpoint.protocol}//${s3.bucket}.${endpoint.host}`, pathStyle];
}
