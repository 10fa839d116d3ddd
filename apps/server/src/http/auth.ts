import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { resolveSession } from '../modules/auth/auth.service.ts';
import { AppError } from './app-error.ts';

export type Owner = { businessId: string; businessName: string; tokenHash: string };

declare module 'fastify' {
  interface FastifyRequest {
    owner: Owner | null;
  }
}

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || null;
}

/** preHandler for every /api/userAdmin route: the signed-in owner, or 401 (SPEC §8 'token expired'). */
export function requireOwner(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = readToken(request);
    if (!token) throw AppError.unauthorised();
    request.owner = await resolveSession(ctx, token);
  };
}

/** The signed-in owner inside a userAdmin handler (set by requireOwner). */
export function ownerOf(request: FastifyRequest): Owner {
  if (!request.owner) throw AppError.unauthorised();
  return request.owner;
}
