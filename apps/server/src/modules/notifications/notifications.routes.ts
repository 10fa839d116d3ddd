import { envelopeSchema } from '@stashblog/contract/envelope';
import {
  countPayload,
  createNotificationBody,
  fetchNotificationsQuery,
  notificationIdBody,
  notificationsPayload,
  notificationTexts,
  publicNotificationBody,
} from '@stashblog/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { perClientRateLimit } from '../anti-spam/anti-spam.routes.ts';
import {
  countNewNotifications,
  createNotification,
  createPublicNotification,
  deleteAllNotifications,
  deleteNotification,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service.ts';

const admin = '/api/userAdmin/notification';

export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['notifications'];
    const idPayload = envelopeSchema(z.object({ _id: z.string() }));

    app.post(
      '/api/public/notifications/create',
      {
        schema: { tags, body: publicNotificationBody, response: { 201: idPayload } },
        config: { rateLimit: perClientRateLimit(ctx, 'notification') },
      },
      async (request, reply) =>
        reply.status(201).send(ok(await createPublicNotification(ctx, { input: request.body }), notificationTexts.created)),
    );

    app.post(`${admin}/create`, { schema: { tags, body: createNotificationBody, response: { 201: idPayload } } }, async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(await createNotification(ctx, { businessId: ownerOf(request).businessId, input: request.body }), notificationTexts.created),
        ),
    );

    // SPEC §7: fetchAll answers code 200 (the one call that does).
    app.get(
      `${admin}/fetchAll`,
      { schema: { tags, querystring: fetchNotificationsQuery, response: { 200: envelopeSchema(notificationsPayload) } } },
      async (request) =>
        ok(await fetchNotifications(ctx, { businessId: ownerOf(request).businessId, ...request.query }), notificationTexts.fetched, 200),
    );

    app.get(`${admin}/count`, { schema: { tags, response: { 200: envelopeSchema(countPayload) } } }, async (request) =>
      ok(await countNewNotifications(ctx, { businessId: ownerOf(request).businessId }), notificationTexts.fetched),
    );

    app.put(`${admin}/markAsRead`, { schema: { tags, body: notificationIdBody, response: { 200: idPayload } } }, async (request) =>
      ok(await markNotificationRead(ctx, { businessId: ownerOf(request).businessId, id: request.body.id }), notificationTexts.markedRead),
    );

    app.put(
      `${admin}/markAllAsRead`,
      { schema: { tags, response: { 200: envelopeSchema(z.object({ updated: z.number() })) } } },
      async (request) =>
        ok(await markAllNotificationsRead(ctx, { businessId: ownerOf(request).businessId }), notificationTexts.allMarkedRead),
    );

    app.delete(`${admin}/delete`, { schema: { tags, body: notificationIdBody, response: { 200: idPayload } } }, async (request) =>
      ok(await deleteNotification(ctx, { businessId: ownerOf(request).businessId, id: request.body.id }), notificationTexts.deleted),
    );

    app.delete(
      `${admin}/deleteAll`,
      { schema: { tags, response: { 200: envelopeSchema(z.object({ deleted: z.number() })) } } },
      async (request) => ok(await deleteAllNotifications(ctx, { businessId: ownerOf(request).businessId }), notificationTexts.allDeleted),
    );
  };
}
