import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tradingStatsResponseSchema } from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { AppServices } from '../../services.js';

/** Mounted under /api/portfolio. */
export const statsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
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
