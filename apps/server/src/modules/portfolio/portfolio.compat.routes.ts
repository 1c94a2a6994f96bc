import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PortfolioService } from './portfolio.service.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import { portfolioAccountRoutes } from './portfolio.routes.js';

/**
 * The spec's paths for the portfolio module, outside its own /api/portfolio prefix, answered by the
 * same handlers. Registered at /api level.
 */
export const portfolioCompatRoutes: FastifyPluginAsyncZod<{
  services: { portfolio: PortfolioService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  await app.register(portfolioAccountRoutes, { prefix: '/virtual-money', services });
};
