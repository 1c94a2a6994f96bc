import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  holdingsResponseSchema,
  portfolioQuerySchema,
  portfolioSummaryResponseSchema,
  virtualAccountResponseSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { PortfolioService } from './portfolio.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';

export const portfolioRoutes: FastifyPluginAsyncZod<{
  services: { portfolio: PortfolioService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['portfolio'];

  app.get(
    '/holdings',
    { schema: { tags, querystring: portfolioQuerySchema, response: { 200: holdingsResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.portfolio.holdings(
        await services.portfolios.resolveValued(requireAuth(request).user.id, request.query.portfolioId),
      ),
    }),
  );

  app.get(
    '/summary',
    {
      schema: { tags, querystring: portfolioQuerySchema, response: { 200: portfolioSummaryResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await services.portfolio.summary(
        await services.portfolios.resolveValued(requireAuth(request).user.id, request.query.portfolioId),
      ),
    }),
  );
};

/** The cash account with its recent entries: /api/portfolio/account (and the spec's /api/virtual-money/account). */
export const portfolioAccountRoutes: FastifyPluginAsyncZod<{
  services: { portfolio: PortfolioService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/account',
    {
      schema: {
        tags: ['virtual-money'],
        querystring: portfolioQuerySchema,
        response: { 200: virtualAccountResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await services.portfolio.account(
        await services.portfolios.resolveValued(requireAuth(request).user.id, request.query.portfolioId),
      ),
    }),
  );
};
