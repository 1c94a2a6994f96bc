import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  orderExportQuerySchema,
  orderHistoryQuerySchema,
  orderHistoryResponseSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  portfolioQuerySchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { OrderQueriesService } from './order-queries.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';

const tags = ['orders'];

/** The order reads: the list, the history, the CSV export and one order (routes registered in this order). */
export function orderReadRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  { orderQueries, portfolios }: { orderQueries: OrderQueriesService; portfolios: PortfoliosService },
) {
  /** The portfolio a request names (main when it names none); 404 when it is not the user's. */
  const portfolioOf = (request: FastifyRequest, portfolioId: string | undefined) =>
    portfolios.resolve(requireAuth(request).user.id, portfolioId);
  /** Reads may open a closed season (`?season=N`); writes always go to the open one. */
  const seasonOf = (
    request: FastifyRequest,
    query: { portfolioId?: string | undefined; season?: number | undefined },
  ) => portfolios.resolveSeason(requireAuth(request).user.id, query.portfolioId, query.season);

  app.get(
    '/all',
    { schema: { tags, querystring: orderListQuerySchema, response: { 200: orderListResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await orderQueries.list((await seasonOf(request, request.query)).accountId, request.query)),
    }),
  );

  app.get(
    '/history',
    { schema: { tags, querystring: orderHistoryQuerySchema, response: { 200: orderHistoryResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await orderQueries.history(
        (await seasonOf(request, request.query)).accountId,
        request.query.limit,
      ),
    }),
  );

  app.get('/export', { schema: { tags, querystring: orderExportQuerySchema } }, async (request, reply) => {
    const csv = await orderQueries.exportCsv(
      (await seasonOf(request, request.query)).accountId,
      request.query,
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="nivesh-orders-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: orderIdParamsSchema,
        querystring: portfolioQuerySchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await orderQueries.get(
        (await portfolioOf(request, request.query.portfolioId)).accountId,
        request.params.id,
      ),
    }),
  );
}
