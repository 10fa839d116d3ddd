import { hasControlChars } from '@stashblog/contract/text';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';

// The edge rule for hostile URLs, before routing, tenancy or any handler: a path or query string
// carrying a control character (NUL, CR, ESC, …) once percent-decoded is refused with 400 and one
// short log line. Nothing legitimate puts them there, and PostgreSQL refuses NUL in text.
// Request bodies are the schemas' job: every free-text field is the contract's `safeText()`.

export const badRequestText = 'Bad request: the address contains characters that are not allowed';

// Byte-wise percent-decoding never throws on malformed input, and a control character is one byte
// below 0x20 (or 0x7f) that no multi-byte UTF-8 sequence contains.
const decodeBytes = (part: string) => part.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Why a request URL is refused, or null when it is fine. */
export function hostileUrl(url: string): string | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (hasControlChars(decodeBytes(path))) return 'control character in path';
  if (q !== -1 && hasControlChars(decodeBytes(url.slice(q + 1)))) return 'control character in query';
  return null;
}

export function registerHostileInput(app: FastifyInstance) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const reason = hostileUrl(request.url);
    if (!reason) return;
    request.log.info({ reason, url: request.url.slice(0, 200) }, 'refused hostile URL');
    return reply.status(400).send(fail(400, badRequestText));
  });
}
