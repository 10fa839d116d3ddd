import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

// The long-lived device cookie that a single-user private link binds to, beside the client fingerprint
// (docs/decisions/009-private-link-device-binding.md). HttpOnly, so page scripts cannot read or copy it;
// signed with HMAC-SHA256 under config.secret, so a made-up value is not a device.
export const deviceCookieName = 'sb_device';
// Chromium caps cookie lifetimes at 400 days.
const maxAgeSeconds = 400 * 24 * 3600;

function sign(secret: string, id: string): string {
  return createHmac('sha256', secret).update(`private-link-device:${id}`).digest('base64url');
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The device id of a correctly signed cookie, else null. */
export function verifiedDeviceId(config: Pick<Config, 'secret'>, cookieValue: string | null): string | null {
  if (!cookieValue) return null;
  const [id, sig, extra] = cookieValue.split('.');
  if (!id || !sig || extra !== undefined || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const expected = Buffer.from(sign(config.secret, id));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** This request's device id if it carries a valid device cookie (nothing is issued). */
export function readDeviceId(config: Pick<Config, 'secret'>, request: FastifyRequest): string | null {
  return verifiedDeviceId(config, readCookie(request.headers.cookie, deviceCookieName));
}

/**
 * The device id of a Cookie header, or a new one with the Set-Cookie value that stores it. Used by the
 * visitor calls and by the viewer page itself, so the browser holds its cookie before it asks for content.
 */
export function deviceFromCookies(
  config: Pick<Config, 'secret' | 'publicUrl'>,
  cookieHeader: string | null | undefined,
): { deviceId: string; setCookie: string | null } {
  const existing = verifiedDeviceId(config, readCookie(cookieHeader ?? undefined, deviceCookieName));
  if (existing) return { deviceId: existing, setCookie: null };
  const id = randomBytes(16).toString('base64url');
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return {
    deviceId: id,
    setCookie: `${deviceCookieName}=${id}.${sign(config.secret, id)}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure}`,
  };
}

/** This request's device id; a device without a valid cookie gets a new one (set on the reply). */
export function deviceIdOf(config: Pick<Config, 'secret' | 'publicUrl'>, request: FastifyRequest, reply: FastifyReply): string {
  const { deviceId, setCookie } = deviceFromCookies(config, request.headers.cookie);
  if (setCookie) reply.header('set-cookie', setCookie);
  return deviceId;
}
