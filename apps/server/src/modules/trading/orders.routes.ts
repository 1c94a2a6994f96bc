import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CLIENT_TAB_HEADER,
  clientTabField,
  cancelOrderRequestSchema,
  cancelOrderResponseSchema,
  modifyOrderRequestSchema,
  modifyOrderResponseSchema,
  orderExportQuerySchema,
  orderHistoryQuerySchema,
  orderHistoryResponseSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderPreviewResponseSchema,
  orderResponseSchema,
  placeOrderRequestSchema,
  plural,
  placeOrderResponseSchema,
  previewOrderRequestSchema,
  virtualTradeRequestSchema,
  virtualTradeResponseSchema,
  type Order,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { AppServices } from '../../services.js';

const tags = ['orders'];

function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' ? header : undefined;
}

/** The tab that sent an order command (see client-tab.ts); a malformed name is ignored, never an error. */
function clientTab(request: FastifyRequest): string | undefined {
  const parsed = clientTabField.safeParse(request.headers[CLIENT_TAB_HEADER]);
  return parsed.success ? parsed.data : undefined;
}

function placedMessage(order: Order, replayed: boolean): string {
  if (replayed) return 'Order already placed';
  const side = order.type === 'BUY' ? 'Buy' : 'Sell';
  if (order.status === 'FILLED') return `${side} order for ${order.quantity} ${order.symbol} filled`;
  if (order.orderType === 'MARKET')
    return `Market closed: ${side.toLowerCase()} order for ${order.quantity} ${order.symbol} queued for the next open`;
  return `${side} ${order.orderType === 'LIMIT' ? 'limit' : 'stop'} order for ${order.quantity} ${order.symbol} placed`;
}

export const ordersRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const { orders, orderQueries, orderPreview } = services;
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/place',
    {
      schema: {
        tags,
        body: placeOrderRequestSchema,
        response: { 200: placeOrderResponseSchema, 201: placeOrderResponseSchema },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await orders.place(
        requireAuth(request).user.id,
        request.body,
        idempotencyKey(request),
        undefined,
        clientTab(request),
      );
      return reply
        .status(replayed ? 200 : 201)
        .send({ success: true, message: placedMessage(order, replayed), data: { order } });
    },
  );

  app.post(
    '/preview',
    { schema: { tags, body: previewOrderRequestSchema, response: { 200: orderPreviewResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await orderPreview.preview(requireAuth(request).user.id, request.body),
    }),
  );

  app.get(
    '/all',
    { schema: { tags, querystring: orderListQuerySchema, response: { 200: orderListResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await orderQueries.list(requireAuth(request).user.id, request.query)),
    }),
  );

  app.get(
    '/history',
    { schema: { tags, querystring: orderHistoryQuerySchema, response: { 200: orderHistoryResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await orderQueries.history(requireAuth(request).user.id, request.query.limit),
    }),
  );

  app.get('/export', { schema: { tags, querystring: orderExportQuerySchema } }, async (request, reply) => {
    const csv = await orderQueries.exportCsv(requireAuth(request).user.id, request.query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="nivesh-orders-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get(
    '/:id',
    { schema: { tags, params: orderIdParamsSchema, response: { 200: orderResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await orderQueries.get(requireAuth(request).user.id, request.params.id),
    }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        params: orderIdParamsSchema,
        body: modifyOrderRequestSchema,
        response: { 200: modifyOrderResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order modified',
      data: await orders.modify(
        requireAuth(request).user.id,
        request.params.id,
        request.body,
        clientTab(request),
      ),
    }),
  );

  // The other cancel call (DELETE /orders/{id}), kept for clients that use it; same rules, no reason.
  app.delete(
    '/:id',
    { schema: { tags, params: orderIdParamsSchema, response: { 200: cancelOrderResponseSchema } } },
    async (request) => ({
      success: true as const,
      message: 'Order cancelled',
      data: await orders.cancel(
        requireAuth(request).user.id,
        request.params.id,
        undefined,
        clientTab(request),
      ),
    }),
  );

  app.post(
    '/cancel/:id',
    {
      schema: {
        tags,
        params: orderIdParamsSchema,
        body: cancelOrderRequestSchema,
        response: { 200: cancelOrderResponseSchema },
      },
    },
    async (request) => {
      const order = await orders.cancel(
        requireAuth(request).user.id,
        request.params.id,
        request.body?.reason,
        clientTab(request),
      );
      return { success: true as const, message: 'Order cancelled', data: order };
    },
  );
};

/** `/api/virtual-money/buy|sell`: the stock page's one-step market trade at the price the user saw. */
export const virtualTradeRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.addHook('preHandler', app.authenticate);

  for (const side of ['BUY', 'SELL'] as const) {
    app.post(
      `/${side.toLowerCase()}`,
      {
        schema: {
          tags: ['virtual-money'],
          body: virtualTradeRequestSchema,
          response: { 200: virtualTradeResponseSchema, 201: virtualTradeResponseSchema },
        },
      },
      async (request, reply) => {
        const { order, replayed } = await services.orders.virtualTrade(
          requireAuth(request).user.id,
          side,
          request.body,
          idempotencyKey(request),
          clientTab(request),
        );
        const verb = side === 'BUY' ? 'bought' : 'sold';
        const message =
          order.status === 'FILLED'
            ? `Successfully ${verb} ${plural(order.quantity, 'share')} of ${order.symbol}!`
            : `Market closed: ${side.toLowerCase()} order for ${order.quantity} ${order.symbol} queued for the next open`;
        return reply.status(replayed ? 200 : 201).send({ success: true, message, data: { order } });
      },
    );
  }
};
