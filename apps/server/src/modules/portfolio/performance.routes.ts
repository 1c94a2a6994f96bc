import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { performanceQuerySchema, performanceResponseSchema } from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { PerformanceService } from './performance.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';

/** Mounted under /api/portfolio. */
export const performanceRoutes: FastifyPluginAsyncZod<{
  services: { performance: PerformanceService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/performance',
    {
      schema: {
        tags: ['portfolio'],
        querystring: performanceQuerySchema,
        response: { 200: performanceResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await services.performance.performance(
        await services.portfolios.resolveValued(requireAuth(request).user.id, request.query.portfolioId),
        request.query.range,
      ),
    }),
  );
};
