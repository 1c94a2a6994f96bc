import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { performanceQuerySchema, performanceResponseSchema } from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { PerformanceService } from './performance.service.js';

/** Mounted under /api/portfolio. */
export const performanceRoutes: FastifyPluginAsyncZod<{
  services: { performance: PerformanceService };
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
      data: await services.performance.performance(requireAuth(request).user.id, request.query.range),
    }),
  );
};
