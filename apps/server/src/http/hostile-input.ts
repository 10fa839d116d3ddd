import { hasControlChars } from '@stashblog/contract/text';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';

// The edge rule for hostile URLs, before routing, tenancy or any handler: a path or query string
// carrying a control character (NUL, CR, ESC, …) once percent-decoded, or a Host that is not a
// host name, is refused with 400 and one short log line. Nothing legitimate sends them, PostgreSQL
// refuses NUL in text, and a page URL cannot be built on a malformed host.
// Request bodies: every free-text field is the contract's `safeText()`; as a net under schemas that
// forget it, NUL is dropped from every string of a JSON body before validation.

export const badRequestText = 'Bad request: the address contains characters that are not allowed';
export const badHostText = 'Bad request: malformed Host header';

// Byte-wise percent-decoding never throws on malformed input, and a control character is one byte
// below 0x20 (or 0x7f) that no multi-byte UTF-8 sequence contains.
const decodeBytes = (part: string) => part.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

// A Host (or a trusted X-Forwarded-Host) is a DNS name or an IP address, with an optional port.
const hostPattern = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** True when the host is absent (HTTP/1.0) or well-formed; anything else cannot name a storefront. */
export function validHost(host: string | undefined): boolean {
  if (!host) return true;
  if (host.length > 260 || !hostPattern.test(host)) return false;
  // what WHATWG URL refuses (e.g. an all-digit name is an IPv4 number out of range) cannot make a page URL
  return URL.canParse(`http://${host}/`);
}

/** Why a request URL is refused, or null when it is fine. */
export function hostileUrl(url: string): string | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (hasControlChars(decodeBytes(path))) return 'control character in path';
  if (q !== -1 && hasControlChars(decodeBytes(url.slice(q + 1)))) return 'control character in query';
  return null;
}

/**
 * Drops NUL from every string of a parsed JSON body, in place (PostgreSQL refuses NUL in text; a
 * schema that forgot `safeText()` must not turn it into a 500). Other control characters are the
 * schemas' business. Returns the cleaned value.
 */
export function stripNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('\0') ? value.replaceAll('\0', '') : value;
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = stripNul(value[i], depth + 1);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const clean = key.includes('\0') ? key.replaceAll('\0', '') : key;
    const v = stripNul(record[key], depth + 1);
    if (clean !== key) delete record[key];
    record[clean] = v;
  }
  return record;
}

export function registerHostileInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) stripNul(request.body);
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const reason = hostileUrl(request.url) ?? (validHost(request.host) ? null : 'malformed Host');
    if (!reason) return;
    request.log.info({ reason, url: request.url.slice(0, 200) }, 'refused hostile request');
    return reply.status(400).send(fail(400, reason === 'malformed Host' ? badHostText : badRequestText));
  });
}
