import { randomBytes } from 'node:crypto';
import type { Config, S3Config } from '../config.ts';

// The Content-Security-Policy and Permissions-Policy of every HTML page the SSR adapter sends
// (docs/decisions/018-content-security-policy.md). Scripts run only from our own origin or inline
// with this response's nonce, which React Router and React put on every script they write.

/** A fresh nonce for one HTML response: 128 random bits, base64url (valid in a CSP nonce-source). */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** Microphone for voice search on our own pages; camera and geolocation for nobody. */
export const permissionsPolicy = 'camera=(), geolocation=(), microphone=(self)';

/** Builds the page policy once per app; the result takes a response's nonce. */
export function pagePolicy(config: Pick<Config, 'publicUrl' | 'blobStore'>): (nonce: string) => string {
  // Upload urls and absolute media urls are on PUBLIC_URL, which may not be the host a page was
  // served from (127.0.0.1 next to localhost, a custom domain).
  const publicOrigin = new URL(config.publicUrl).origin;
  // A bucket with a public base (S3_PUBLIC_URL) may serve media to browsers itself.
  const mediaOrigins = config.blobStore.kind === 's3' && config.blobStore.publicUrl ? [new URL(config.blobStore.publicUrl).origin] : [];
  // Owners' browsers PUT originals straight to the bucket through presigned urls (decision 015).
  const uploadOrigins = config.blobStore.kind === 's3' ? bucketOrigins(config.blobStore) : [];
  const directives = (nonce: string): [string, string[]][] => [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", `'nonce-${nonce}'`]],
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
  return (nonce) =>
    directives(nonce)
      .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
      .join('; ');
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
