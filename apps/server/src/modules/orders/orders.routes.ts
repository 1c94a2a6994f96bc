import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CLIENT_TAB_HEADER,
  clientTabField,
  cancelOrderRequestSchema,
  cancelOrderResponseSchema,
  modifyOrderRequestSchema,
  modifyOrderResponseSchema,
  orderIdParamsSchema,
  orderPreviewResponseSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  portfolioQuerySchema,
  previewOrderRequestSchema,
  type Order,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { OrderCommandsService } from './order-commands.service.js';
import type { OrderQueriesService } from './order-queries.service.js';
import type { OrderPreviewService } from './order-preview.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import { orderReadRoutes } from './orders-read.routes.js';

const tags = ['orders'];

export function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' ? header : undefined;
}

/** The tab that sent an order command (see client-tab.ts); a malformed name is ignored, never an error. */
export function clientTab(request: FastifyRequest): string | undefined {
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

export const ordersRoutes: FastifyPluginAsyncZod<{
  services: {
    orders: OrderCommandsService;
    orderQueries: OrderQueriesService;
    orderPreview: OrderPreviewService;
    portfolios: PortfoliosService;
  };
}> = async (app, { services }) => {
  const { orders, orderQueries, orderPreview, portfolios } = services;
  /** The portfolio a request names (main when it names none); 404 when it is not the user's. */
  const portfolioOf = (request: FastifyRequest, portfolioId: string | undefined) =>
    portfolios.resolve(requireAuth(request).user.id, portfolioId);
  /** Order commands may name a blind replay's portfolio too: its answers use the stand-in names. */
  const tradingIn = (request: FastifyRequest, portfolioId: string | undefined) =>
    portfolios.resolveToTrade(requireAuth(request).user.id, portfolioId);
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
        await tradingIn(request, request.body.portfolioId),
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
      data: await orderPreview.preview(
        (await portfolioOf(request, request.body.portfolioId)).accountId,
        request.body,
      ),
    }),
  );

  orderReadRoutes(app, { orderQueries, portfolios });
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
        await tradingIn(request, request.body.portfolioId),
        request.params.id,
        request.body,
        clientTab(request),
      ),
    }),
  );

  // The other cancel call (DELETE /orders/{id}), kept for clients that use it; same rules, no reason.
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        params: orderIdParamsSchema,
        querystring: portfolioQuerySchema,
        response: { 200: cancelOrderResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order cancelled',
      data: await orders.cancel(
        await tradingIn(request, request.query.portfolioId),
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
        await tradingIn(request, request.body?.portfolioId),
        request.params.id,
        request.body?.reason,
        clientTab(request),
      );
      return { success: true as const, message: 'Order cancelled', data: order };
    },
  );
};
