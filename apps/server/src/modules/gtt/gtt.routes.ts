import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  cancelGttRequestSchema,
  createGttRequestSchema,
  describeGtt,
  gttIdParamsSchema,
  gttListQuerySchema,
  gttListResponseSchema,
  gttResponseSchema,
  portfolioQuerySchema,
  updateGttRequestSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import type { GttService } from './gtt.service.js';

const tags = ['gtt'];

export const gttRoutes: FastifyPluginAsyncZod<{
  services: { gtt: GttService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  const { gtt, portfolios } = services;
  /**
   * The portfolio a request names (main when it names none); 404 when it is not the user's. A
   * replay's portfolio too, blind or not: the service answers a blind one with its stand-ins.
   */
  const portfolioOf = (request: FastifyRequest, portfolioId: string | undefined) =>
    portfolios.resolveToTrade(requireAuth(request).user.id, portfolioId);
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/',
    { schema: { tags, querystring: gttListQuerySchema, response: { 200: gttListResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await gtt.list(await portfolioOf(request, request.query.portfolioId), request.query)),
    }),
  );

  app.post(
    '/',
    { schema: { tags, body: createGttRequestSchema, response: { 201: gttResponseSchema } } },
    async (request, reply) => {
      const who = await portfolioOf(request, request.body.portfolioId);
      const data = await gtt.create(who, request.body);
      return reply.status(201).send({ success: true, message: `GTT set: ${describeGtt(data)}`, data });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: gttIdParamsSchema,
        querystring: portfolioQuerySchema,
        response: { 200: gttResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'GTT',
      data: await gtt.get(await portfolioOf(request, request.query.portfolioId), request.params.id),
    }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        params: gttIdParamsSchema,
        body: updateGttRequestSchema,
        response: { 200: gttResponseSchema },
      },
    },
    async (request) => {
      const who = await portfolioOf(request, request.body.portfolioId);
      const data = await gtt.update(who, request.params.id, request.body);
      return { success: true as const, message: `GTT modified: ${describeGtt(data)}`, data };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        params: gttIdParamsSchema,
        body: cancelGttRequestSchema,
        response: { 200: gttResponseSchema },
      },
    },
    async (request) => {
      const data = await gtt.cancel(await portfolioOf(request, request.body?.portfolioId), request.params.id);
      return { success: true as const, message: 'GTT cancelled', data };
    },
  );
};
