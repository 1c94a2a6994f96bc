import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portfolioQuerySchema, tradingStatsResponseSchema } from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { StatsService } from './stats.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';

/** Mounted under /api/portfolio. */
export const statsRoutes: FastifyPluginAsyncZod<{
  services: { stats: StatsService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/stats',
    {
      schema: {
        tags: ['portfolio'],
        querystring: portfolioQuerySchema,
        response: { 200: tradingStatsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await services.stats.stats(
        await services.portfolios.resolveValued(requireAuth(request).user.id, request.query.portfolioId),
      ),
    }),
  );
};
