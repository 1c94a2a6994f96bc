import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  alertIdParamsSchema,
  alertListResponseSchema,
  alertResponseSchema,
  createAlertRequestSchema,
  deleteAlertRequestSchema,
  describeAlert,
  messageResponseSchema,
  portfolioQuerySchema,
  updateAlertRequestSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import type { AlertsService } from './alerts.service.js';

const tags = ['alerts'];

export const alertsRoutes: FastifyPluginAsyncZod<{
  services: { alerts: AlertsService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  const { alerts, portfolios } = services;
  /**
   * The portfolio a request names (main when it names none); 404 when it is not the user's. A
   * replay's portfolio too, blind or not: the service answers a blind one with its stand-ins.
   */
  const portfolioOf = (request: FastifyRequest, portfolioId: string | undefined) =>
    portfolios.resolveToTrade(requireAuth(request).user.id, portfolioId);
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/',
    { schema: { tags, querystring: portfolioQuerySchema, response: { 200: alertListResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await alerts.list(await portfolioOf(request, request.query.portfolioId))),
    }),
  );

  app.post(
    '/',
    { schema: { tags, body: createAlertRequestSchema, response: { 201: alertResponseSchema } } },
    async (request, reply) => {
      const who = await portfolioOf(request, request.body.portfolioId);
      const data = await alerts.create(who, request.body);
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
      const who = await portfolioOf(request, request.body.portfolioId);
      const data = await alerts.update(who, request.params.id, request.body);
      return { success: true as const, message: 'Alert updated', data };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        params: alertIdParamsSchema,
        body: deleteAlertRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await alerts.remove(await portfolioOf(request, request.body?.portfolioId), request.params.id);
      return { success: true as const, message: 'Alert deleted' };
    },
  );
};
