import { z } from 'zod';

// Control characters (C0 except tab, line feed and carriage return; DEL) are never stored:
// PostgreSQL refuses NUL in text, and the others only ever hide text from the person reading it.
// Every free-text field of every schema is a `safeText()`; the server's edge hook refuses them in
// URL paths and query strings (apps/server/src/http/hostile-input.ts).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const controlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const anyControlChar = /[\u0000-\u001f\u007f]/;

export function stripControlChars(s: string): string {
  return s.replace(controlChars, '');
}

/** True when the text holds any C0 control character or DEL (tab and newlines included). */
export function hasControlChars(s: string): boolean {
  return anyControlChar.test(s);
}

/** A zod string with control characters dropped before any other check; chain .trim().min() etc. */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(stripControlChars);
}
