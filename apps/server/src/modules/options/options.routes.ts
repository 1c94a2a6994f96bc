import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  derivativePositionsResponseSchema,
  optionChainQuerySchema,
  optionChainResponseSchema,
  optionExpiriesQuerySchema,
  optionExpiriesResponseSchema,
  optionMarginRequestSchema,
  optionMarginResponseSchema,
  portfolioQuerySchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import type { OptionsService } from './options.service.js';

const tags = ['options'];

/** The Options Lab (issue 28): signed-in only, like the other per-user market reads. */
export const optionsRoutes: FastifyPluginAsyncZod<{
  services: { options: OptionsService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  const { options, portfolios } = services;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/expiries',
    {
      schema: {
        tags,
        querystring: optionExpiriesQuerySchema,
        response: { 200: optionExpiriesResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: options.expiries(request.query.underlying) }),
  );

  app.get(
    '/chain',
    { schema: { tags, querystring: optionChainQuerySchema, response: { 200: optionChainResponseSchema } } },
    async (request) => {
      const { underlying, expiry, strikes } = request.query;
      return { success: true as const, data: await options.chain(underlying, expiry, strikes) };
    },
  );

  app.post(
    '/margin',
    { schema: { tags, body: optionMarginRequestSchema, response: { 200: optionMarginResponseSchema } } },
    async (request) => {
      // The legs alone unless a portfolio is named; then its whole book's margin with them.
      const { portfolioId } = request.body;
      const who =
        portfolioId === undefined
          ? undefined
          : await portfolios.resolve(requireAuth(request).user.id, portfolioId);
      return { success: true as const, data: await options.margin(request.body, who) };
    },
  );

  app.get(
    '/positions',
    {
      schema: {
        tags,
        querystring: portfolioQuerySchema,
        response: { 200: derivativePositionsResponseSchema },
      },
    },
    async (request) => {
      const who = await portfolios.resolve(requireAuth(request).user.id, request.query.portfolioId);
      return { success: true as const, data: await options.positions(who) };
    },
  );
};
