import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  holdingsResponseSchema,
  portfolioSummaryResponseSchema,
  virtualAccountResponseSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { PortfolioService } from './portfolio.service.js';

export const portfolioRoutes: FastifyPluginAsyncZod<{ services: { portfolio: PortfolioService } }> = async (
  app,
  { services },
) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['portfolio'];

  app.get('/holdings', { schema: { tags, response: { 200: holdingsResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await services.portfolio.holdings(requireAuth(request).user.id),
  }));

  app.get(
    '/summary',
    { schema: { tags, response: { 200: portfolioSummaryResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.portfolio.summary(requireAuth(request).user.id),
    }),
  );
};

/** The cash account with its recent entries: /api/portfolio/account (and the spec's /api/virtual-money/account). */
export const portfolioAccountRoutes: FastifyPluginAsyncZod<{
  services: { portfolio: PortfolioService };
}> = async (app, { services }) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/account',
    { schema: { tags: ['virtual-money'], response: { 200: virtualAccountResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.portfolio.account(requireAuth(request).user.id),
    }),
  );
};
