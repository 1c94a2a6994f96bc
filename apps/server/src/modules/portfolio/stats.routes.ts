import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tradingStatsResponseSchema } from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { StatsService } from './stats.service.js';

/** Mounted under /api/portfolio. */
export const statsRoutes: FastifyPluginAsyncZod<{ services: { stats: StatsService } }> = async (
  app,
  { services },
) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/stats',
    { schema: { tags: ['portfolio'], response: { 200: tradingStatsResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.stats.stats(requireAuth(request).user.id),
    }),
  );
};
