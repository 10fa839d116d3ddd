import type { Envelope } from '@stashblog/contract/envelope';
import type { FastifyReply } from 'fastify';

// Success body of every call (SPEC §7: code 201 means success).
export function ok<T>(payload: T, message = 'Success', code = 201): Envelope<T> {
  return { code, message, error: null, payload };
}

/** The same envelope around a payload that is already JSON text (a read whose JSON PostgreSQL writes). */
export function okJson(payloadJson: string, message = 'Success', code = 201): string {
  return `{"code":${code},"message":${JSON.stringify(message)},"error":null,"payload":${payloadJson}}`;
}

/** Sends JSON text as it is (the route's response schema still documents its shape). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export function fail(code: number, message: string): Envelope<null> {
  return { code, message, error: message, payload: null };
}
