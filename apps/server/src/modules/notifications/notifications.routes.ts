import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createNotificationRequestSchema,
  listNotificationsQuerySchema,
  messageResponseSchema,
  notificationIdParamsSchema,
  notificationListResponseSchema,
  notificationResponseSchema,
  readAllResponseSchema,
  unreadCountResponseSchema,
  plural,
} from '@nivesh/shared';
import { z } from 'zod';
import { requireAuth } from '../../plugins/authenticate.js';
import type { NotificationsService } from './notifications.service.js';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod<{
  services: { notifications: NotificationsService };
}> = async (app, { services }) => {
  const { notifications } = services;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: listNotificationsQuerySchema,
        response: { 200: notificationListResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await notifications.list(requireAuth(request).user.id, request.query)),
    }),
  );

  app.get(
    '/unread-count',
    { schema: { tags, response: { 200: unreadCountResponseSchema } } },
    async (request) => ({
      success: true as const,
      count: await notifications.unreadCount(requireAuth(request).user.id),
    }),
  );

  app.put(
    '/read-all',
    { schema: { tags, body: z.unknown().optional(), response: { 200: readAllResponseSchema } } },
    async (request) => {
      const count = await notifications.markAllRead(requireAuth(request).user.id);
      return {
        success: true as const,
        message: `${plural(count, 'notification')} marked as read`,
        count,
      };
    },
  );

  app.post(
    '/',
    {
      schema: { tags, body: createNotificationRequestSchema, response: { 201: notificationResponseSchema } },
    },
    async (request, reply) => {
      const data = await notifications.create(requireAuth(request).user.id, request.body);
      return reply.status(201).send({ success: true, message: 'Notification created', data });
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params: notificationIdParamsSchema, response: { 200: notificationResponseSchema } } },
    async (request) => ({
      success: true as const,
      message: 'Notification found',
      data: await notifications.get(requireAuth(request).user.id, request.params.id),
    }),
  );

  app.put(
    '/:id/read',
    {
      schema: {
        tags,
        params: notificationIdParamsSchema,
        body: z.unknown().optional(),
        response: { 200: notificationResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Notification marked as read',
      data: await notifications.markRead(requireAuth(request).user.id, request.params.id),
    }),
  );

  app.delete(
    '/:id',
    { schema: { tags, params: notificationIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await notifications.remove(requireAuth(request).user.id, request.params.id);
      return { success: true as const, message: 'Notification deleted' };
    },
  );
};
