import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  transactionExportQuerySchema,
  transactionListResponseSchema,
  transactionQuerySchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { TransactionsService } from './transactions.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';

const tags = ['transactions'];

/** Mounted under /api/transactions. */
export const transactionsRoutes: FastifyPluginAsyncZod<{
  services: { transactions: TransactionsService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/',
    {
      schema: { tags, querystring: transactionQuerySchema, response: { 200: transactionListResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await services.transactions.list(
        await services.portfolios.resolveSeason(
          requireAuth(request).user.id,
          request.query.portfolioId,
          request.query.season,
        ),
        request.query,
      )),
    }),
  );

  app.get(
    '/export',
    { schema: { tags, querystring: transactionExportQuerySchema } },
    async (request, reply) => {
      const { filename, csv } = await services.transactions.exportCsv(
        (
          await services.portfolios.resolveSeason(
            requireAuth(request).user.id,
            request.query.portfolioId,
            request.query.season,
          )
        ).accountId,
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
