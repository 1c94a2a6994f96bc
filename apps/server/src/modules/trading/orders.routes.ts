import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelOrderRequestSchema,
  cancelOrderResponseSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { AppServices } from '../../services.js';

const tags = ['orders'];

export const ordersRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { orders } = services;
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/place',
    { schema: { tags, body: placeOrderRequestSchema, response: { 200: placeOrderResponseSchema, 201: placeOrderResponseSchema } } },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const { order, replayed } = await orders.place(requireAuth(request).user.id, request.body, typeof header === 'string' ? header : undefined);
      const verb = order.type === 'BUY' ? 'Buy' : 'Sell';
      const message = replayed
        ? 'Order already placed'
        : order.status === 'FILLED'
          ? `${verb} order for ${order.quantity} ${order.symbol} filled`
          : `${verb} limit order for ${order.quantity} ${order.symbol} placed`;
      return reply.status(replayed ? 200 : 201).send({ success: true, message, data: { order } });
    },
  );

  app.get('/all', { schema: { tags, querystring: orderListQuerySchema, response: { 200: orderListResponseSchema } } }, async (request) => ({
    success: true as const,
    ...(await orders.list(requireAuth(request).user.id, request.query)),
  }));

  app.get('/:id', { schema: { tags, params: orderIdParamsSchema, response: { 200: orderResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await orders.get(requireAuth(request).user.id, request.params.id),
  }));

  app.post(
    '/cancel/:id',
    { schema: { tags, params: orderIdParamsSchema, body: cancelOrderRequestSchema, response: { 200: cancelOrderResponseSchema } } },
    async (request) => {
      const order = await orders.cancel(requireAuth(request).user.id, request.params.id, request.body?.reason);
      return { success: true as const, message: 'Order cancelled', data: order };
    },
  );
};
