import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPortfolioRequestSchema,
  portfolioIdParamsSchema,
  portfolioListResponseSchema,
  portfolioResponseSchema,
  portfolioSeasonsResponseSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { PortfoliosService } from './portfolios.service.js';

const tags = ['portfolios'];

/** /api/portfolios: the user's named portfolios (issue 25). */
export const portfoliosRoutes: FastifyPluginAsyncZod<{
  services: { portfolios: PortfoliosService };
}> = async (app, { services }) => {
  const { portfolios } = services;
  app.addHook('preHandler', app.authenticate);

  app.get('/', { schema: { tags, response: { 200: portfolioListResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await portfolios.list(requireAuth(request).user.id),
  }));

  app.post(
    '/',
    { schema: { tags, body: createPortfolioRequestSchema, response: { 201: portfolioResponseSchema } } },
    async (request, reply) => {
      const data = await portfolios.create(requireAuth(request).user.id, request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: `Portfolio "${data.name}" created`, data });
    },
  );

  app.post(
    '/:id/reset',
    { schema: { tags, params: portfolioIdParamsSchema, response: { 200: portfolioResponseSchema } } },
    async (request) => {
      const data = await portfolios.reset(requireAuth(request).user.id, request.params.id);
      return {
        success: true as const,
        message: `Portfolio "${data.name}" reset: season ${data.season - 1} is kept read-only, season ${data.season} starts now`,
        data,
      };
    },
  );

  app.get(
    '/:id/seasons',
    { schema: { tags, params: portfolioIdParamsSchema, response: { 200: portfolioSeasonsResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await portfolios.seasons(requireAuth(request).user.id, request.params.id),
    }),
  );
};
