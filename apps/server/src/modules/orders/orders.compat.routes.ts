import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shareCount, virtualTradeRequestSchema, virtualTradeResponseSchema } from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { OrderCommandsService } from './order-commands.service.js';
import { clientTab, idempotencyKey } from './orders.routes.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';

/*
 * The spec's paths for the orders module, outside its own /api/orders prefix. Registered at /api
 * level; kept so the spec's clients and the stock page's one-step trade keep working.
 */

/** `/api/virtual-money/buy|sell`: the stock page's one-step market trade at the price the user saw. */
const virtualTradeRoutes: FastifyPluginAsyncZod<{
  services: { orders: OrderCommandsService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
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
          await services.portfolios.resolveToTrade(requireAuth(request).user.id, request.body.portfolioId),
          side,
          request.body,
          idempotencyKey(request),
          clientTab(request),
        );
        const verb = side === 'BUY' ? 'bought' : 'sold';
        const message =
          order.status === 'FILLED'
            ? `Successfully ${verb} ${shareCount(order.quantity)} of ${order.symbol}!`
            : `Market closed: ${side.toLowerCase()} order for ${order.quantity} ${order.symbol} queued for the next open`;
        return reply.status(replayed ? 200 : 201).send({ success: true, message, data: { order } });
      },
    );
  }
};

export const ordersCompatRoutes: FastifyPluginAsyncZod<{
  services: { orders: OrderCommandsService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  await app.register(virtualTradeRoutes, { prefix: '/virtual-money', services });
};
