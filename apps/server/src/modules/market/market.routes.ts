import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchRequestSchema,
  batchResponseSchema,
  exchangeParamsSchema,
  historicalQuerySchema,
  historicalResponseSchema,
  indicesResponseSchema,
  latestResponseSchema,
  marketStatusResponseSchema,
  moversQuerySchema,
  moversResponseSchema,
  profileResponseSchema,
  quoteResponseSchema,
  quotesQuerySchema,
  quotesResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  symbolParamsSchema,
  validateParamsSchema,
  validateResponseSchema,
} from '@nivesh/shared';
import type { MarketService } from './market.service.js';

/**
 * Market data is public: it is the same for everyone and holds nothing personal, so the landing
 * page and signed-out screens can show indices and quotes. Per-user features (watchlists,
 * orders) and the realtime channel require sign-in.
 */
export const stocksRoutes: FastifyPluginAsyncZod<{ services: { market: MarketService } }> = async (
  app,
  { services },
) => {
  const { market } = services;
  const tags = ['market'];

  app.get(
    '/search',
    {
      schema: { tags, security: [], querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await market.search(request.query.query, request.query.limit),
    }),
  );

  app.get(
    '/quote/:symbol',
    { schema: { tags, security: [], params: symbolParamsSchema, response: { 200: quoteResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await market.quote(request.params.symbol),
    }),
  );

  app.get(
    '/quotes',
    {
      schema: { tags, security: [], querystring: quotesQuerySchema, response: { 200: quotesResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await market.quotes(request.query.symbols),
    }),
  );

  app.get(
    '/validate/:symbol',
    {
      schema: { tags, security: [], params: validateParamsSchema, response: { 200: validateResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...market.validate(request.params.symbol),
    }),
  );

  app.get(
    '/movers',
    {
      schema: { tags, security: [], querystring: moversQuerySchema, response: { 200: moversResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      type: request.query.type,
      data: await market.movers(request.query.type, request.query.limit),
    }),
  );

  app.get(
    '/indices',
    { schema: { tags, security: [], response: { 200: indicesResponseSchema } } },
    async () => ({
      success: true as const,
      data: await market.indices(),
    }),
  );

  app.get(
    '/:symbol/profile',
    { schema: { tags, security: [], params: symbolParamsSchema, response: { 200: profileResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await market.profile(request.params.symbol),
    }),
  );
};

export const liveChartsRoutes: FastifyPluginAsyncZod<{ services: { market: MarketService } }> = async (
  app,
  { services },
) => {
  const { market } = services;
  const tags = ['live-charts'];

  app.get(
    '/historical/:symbol',
    {
      schema: {
        tags,
        security: [],
        params: symbolParamsSchema,
        querystring: historicalQuerySchema,
        response: { 200: historicalResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await market.historical(request.params.symbol, request.query.period)),
    }),
  );

  app.get(
    '/latest/:symbol',
    { schema: { tags, security: [], params: symbolParamsSchema, response: { 200: latestResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await market.latest(request.params.symbol)),
    }),
  );

  app.get(
    '/market-status/:exchange',
    {
      schema: {
        tags,
        security: [],
        params: exchangeParamsSchema,
        response: { 200: marketStatusResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...market.status(request.params.exchange),
    }),
  );

  app.post(
    '/batch',
    { schema: { tags, security: [], body: batchRequestSchema, response: { 200: batchResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await market.batch(request.body.symbols)),
    }),
  );
};
