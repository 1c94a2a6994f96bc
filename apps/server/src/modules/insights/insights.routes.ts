import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { habitsQuerySchema, habitsResponseSchema } from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import type { InsightsService } from './insights.service.js';

/**
 * /api/insights/habits: "Your trading habits", from the caller's own fills in one portfolio
 * (`portfolioId`, main when omitted; another user's is a 404; an unfinished replay's is a 422).
 */
export const insightsRoutes: FastifyPluginAsyncZod<{
  services: { insights: InsightsService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  app.addHook('preHandler', app.authenticate);
  app.get(
    '/habits',
    {
      schema: { tags: ['insights'], querystring: habitsQuerySchema, response: { 200: habitsResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await services.insights.habitsOf(
        await services.portfolios.resolveRecord(
          requireAuth(request).user.id,
          request.query.portfolioId,
          undefined,
          'Habits',
        ),
      ),
    }),
  );
};
