import { endpoints } from '@stashblog/contract/endpoints';
import { notificationTexts } from '@stashblog/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { ownerOf } from '../../http/guards.ts';
import { route } from '../../http/register.ts';
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

export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      endpoints.publicNotifications.create,
      { config: { rateLimit: perClientRateLimit(ctx, 'notification') } },
      async (request, reply) =>
        reply.status(201).send(ok(await createPublicNotification(ctx, { input: request.body }), notificationTexts.created)),
    );

    route(app, endpoints.userAdminNotification.create, async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(await createNotification(ctx, { businessId: ownerOf(request).businessId, input: request.body }), notificationTexts.created),
        ),
    );

    // SPEC §7: fetchAll answers code 200 (the one call that does).
    route(app, endpoints.userAdminNotification.fetchAll, async (request) =>
      ok(await fetchNotifications(ctx, { businessId: ownerOf(request).businessId, ...request.query }), notificationTexts.fetched, 200),
    );

    route(app, endpoints.userAdminNotification.count, async (request) =>
      ok(await countNewNotifications(ctx, { businessId: ownerOf(request).businessId }), notificationTexts.fetched),
    );

    route(app, endpoints.userAdminNotification.markAsRead, async (request) =>
      ok(await markNotificationRead(ctx, { businessId: ownerOf(request).businessId, id: request.body.id }), notificationTexts.markedRead),
    );

    route(app, endpoints.userAdminNotification.markAllAsRead, async (request) =>
      ok(await markAllNotificationsRead(ctx, { businessId: ownerOf(request).businessId }), notificationTexts.allMarkedRead),
    );

    route(app, endpoints.userAdminNotification.delete, async (request) =>
      ok(await deleteNotification(ctx, { businessId: ownerOf(request).businessId, id: request.body.id }), notificationTexts.deleted),
    );

    route(app, endpoints.userAdminNotification.deleteAll, async (request) =>
      ok(await deleteAllNotifications(ctx, { businessId: ownerOf(request).businessId }), notificationTexts.allDeleted),
    );
  };
}
