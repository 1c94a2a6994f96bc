import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { habitsResponseSchema } from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { InsightsService } from './insights.service.js';

/** /api/insights/habits: "Your trading habits", from the caller's own ledger only. */
export const insightsRoutes: FastifyPluginAsyncZod<{ services: { insights: InsightsService } }> = async (
  app,
  { services },
) => {
  app.addHook('preHandler', app.authenticate);
  app.get(
    '/habits',
    { schema: { tags: ['insights'], response: { 200: habitsResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.insights.habits(requireAuth(request).user.id),
    }),
  );
};
