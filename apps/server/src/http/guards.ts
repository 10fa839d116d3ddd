import { platformTexts } from '@stashblog/contract/platform';
import { specTexts } from '@stashblog/contract/spec-texts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { resolveSession } from '../modules/auth/auth.service.ts';
import { type PlatformActor, resolvePlatformSession } from '../modules/platform/platform-auth.service.ts';
import { AppError } from './app-error.ts';

export type Owner = { businessId: string; businessName: string; tokenHash: string };

declare module 'fastify' {
  interface FastifyRequest {
    owner: Owner | null;
    platformAdmin: PlatformActor | null;
  }
}

export type SessionKind = 'owner' | 'platform';

// Owner calls outside /api/userAdmin (SPEC §7 Auth), and the platform path the TLS front asks
// without a session: Caddy's on-demand TLS 'ask' (may this host have a certificate? decision 020).
const ownerOutsidePrefix = new Set(['/api/auth/user/fetch', '/api/auth/user/logOut']);
const publicInsidePrefix = new Set(['/api/platform/domains/allowed']);

/** The session an API path needs: /api/userAdmin/* the owner's, /api/platform/* a platform admin's (SPEC §6). */
export function sessionOf(url: string): SessionKind | null {
  if (url.startsWith('/api/userAdmin/') || ownerOutsidePrefix.has(url)) return 'owner';
  if (url.startsWith('/api/platform/') && !publicInsidePrefix.has(url)) return 'platform';
  return null;
}

/** The OpenAPI security scheme of each session (the raw token in `authorization`; `Bearer x` accepted). */
export const securitySchemes = {
  ownerSession: { type: 'apiKey', in: 'header', name: 'authorization', description: 'An owner session token (POST /api/auth/user/logIn)' },
  platformSession: {
    type: 'apiKey',
    in: 'header',
    name: 'authorization',
    description: 'A platform session token (POST /api/platform/logIn)',
  },
} as const;
const schemeOf = { owner: 'ownerSession', platform: 'platformSession' } as const;

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || null;
}

function ownerGuard(ctx: AppContext): onRequestHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = readToken(request);
    if (!token) throw AppError.unauthorised();
    request.owner = await resolveSession(ctx, token);
  };
}

function platformGuard(ctx: AppContext): onRequestHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = readToken(request);
    if (!token) throw AppError.forbidden(platformTexts.forbidden);
    const actor = await resolvePlatformSession(ctx, token);
    if (actor === 'expired') throw AppError.unauthorised(specTexts.tokenExpired);
    if (!actor) throw AppError.forbidden(platformTexts.forbidden);
    request.platformAdmin = actor;
  };
}

/**
 * The two session guards, registered once before any route: every route whose path needs a session
 * (sessionOf) gets its guard as the first of its onRequest hooks, so a caller without the right
 * session is refused (401 owner, 403 platform) before the body or query is parsed or validated —
 * an anonymous caller never learns a guarded route's schema. The route's OpenAPI entry names the
 * scheme. Routes never add a guard of their own; handlers read ownerOf / platformAdminOf.
 */
export function registerGuards(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('owner', null);
  app.decorateRequest('platformAdmin', null);
  const guards = { owner: ownerGuard(ctx), platform: platformGuard(ctx) };
  app.addHook('onRoute', (route) => {
    const kind = sessionOf(route.url);
    if (!kind) return;
    const guard = guards[kind];
    const hooks = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    // HEAD routes made from a GET arrive with the GET's hooks already guarded.
    if (!hooks.includes(guard)) route.onRequest = [guard, ...hooks];
    route.schema = Object.assign({}, route.schema, { security: [{ [schemeOf[kind]]: [] }] });
  });
}

/** The signed-in owner inside a guarded handler. */
export function ownerOf(request: FastifyRequest): Owner {
  if (!request.owner) throw AppError.unauthorised();
  return request.owner;
}

/** The platform admin inside a guarded /api/platform handler. */
export function platformAdminOf(request: FastifyRequest): PlatformActor {
  if (!request.platformAdmin) throw AppError.forbidden(platformTexts.forbidden);
  return request.platformAdmin;
}
