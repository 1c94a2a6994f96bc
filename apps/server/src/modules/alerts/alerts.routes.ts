import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertIdParamsSchema,
  alertListResponseSchema,
  alertResponseSchema,
  createAlertRequestSchema,
  describeAlert,
  messageResponseSchema,
  updateAlertRequestSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { AlertsService } from './alerts.service.js';

const tags = ['alerts'];

export const alertsRoutes: FastifyPluginAsyncZod<{ services: { alerts: AlertsService } }> = async (
  app,
  { services },
) => {
  const { alerts } = services;
  app.addHook('preHandler', app.authenticate);

  app.get('/', { schema: { tags, response: { 200: alertListResponseSchema } } }, async (request) => ({
    success: true as const,
    ...(await alerts.list(requireAuth(request).user.id)),
  }));

  app.post(
    '/',
    { schema: { tags, body: createAlertRequestSchema, response: { 201: alertResponseSchema } } },
    async (request, reply) => {
      const data = await alerts.create(requireAuth(request).user.id, request.body);
      return reply.status(201).send({ success: true, message: `Alert set: ${describeAlert(data)}`, data });
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        params: alertIdParamsSchema,
        body: updateAlertRequestSchema,
        response: { 200: alertResponseSchema },
      },
    },
    async (request) => {
      const data = await alerts.update(requireAuth(request).user.id, request.params.id, request.body);
      return { success: true as const, message: 'Alert updated', data };
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, params: alertIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await alerts.remove(requireAuth(request).user.id, request.params.id);
      return { success: true as const, message: 'Alert deleted' };
    },
  );
};
