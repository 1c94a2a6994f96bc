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
  replayQuerySchema,
  quotesQuerySchema,
  quotesResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  symbolParamsSchema,
  validateParamsSchema,
  validateResponseSchema,
} from '@nivesh/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/authenticate.js';
import type { MarketService } from './market.service.js';
import type { ReplayMarketReads } from './replay-reads.js';

type MarketRouteServices = { market: MarketService; replays?: ReplayMarketReads };

/**
 * A read with `?replayId=` answers from that replay's market at its clock; a replay is the signed-in
 * user's own, so such a read needs sign-in (another user's replay id is a 404).
 */
async function replayReader(
  app: FastifyInstance,
  replays: ReplayMarketReads | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  replayId: string | undefined,
): Promise<{ reads: ReplayMarketReads; userId: string; replayId: string } | undefined> {
  if (!replayId || !replays) return undefined;
  await app.authenticate(request, reply);
  return { reads: replays, userId: requireAuth(request).user.id, replayId };
}

/**
 * Market data is public: it is the same for everyone and holds nothing personal, so the landing
 * page and signed-out screens can show indices and quotes. Per-user features (watchlists,
 * orders) and the realtime channel require sign-in.
 */
export const stocksRoutes: FastifyPluginAsyncZod<{ services: MarketRouteServices }> = async (
  app,
  { services },
) => {
  const { market, replays } = services;
  const tags = ['market'];

  app.get(
    '/search',
    {
      schema: { tags, security: [], querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
    },
    async (request, reply) => {
      const { query, limit, replayId } = request.query;
      const replay = await replayReader(app, replays, request, reply, replayId);
      return {
        success: true as const,
        data: replay
          ? await replay.reads.search(replay.userId, replay.replayId, query, limit)
          : await market.search(query, limit),
      };
    },
  );

  app.get(
    '/quote/:symbol',
    {
      schema: {
        tags,
        security: [],
        params: symbolParamsSchema,
        querystring: replayQuerySchema,
        response: { 200: quoteResponseSchema },
      },
    },
    async (request, reply) => {
      const replay = await replayReader(app, replays, request, reply, request.query.replayId);
      return {
        success: true as const,
        data: replay
          ? await replay.reads.quote(replay.userId, replay.replayId, request.params.symbol)
          : await market.quote(request.params.symbol),
      };
    },
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
    async (request, reply) => {
      const { type, limit, replayId } = request.query;
      const replay = await replayReader(app, replays, request, reply, replayId);
      return {
        success: true as const,
        type,
        data: replay
          ? await replay.reads.movers(replay.userId, replay.replayId, type, limit)
          : await market.movers(type, limit),
      };
    },
  );

  app.get(
    '/indices',
    {
      schema: {
        tags,
        security: [],
        querystring: replayQuerySchema,
        response: { 200: indicesResponseSchema },
      },
    },
    async (request, reply) => {
      const replay = await replayReader(app, replays, request, reply, request.query.replayId);
      return {
        success: true as const,
        data: replay ? await replay.reads.indices(replay.userId, replay.replayId) : await market.indices(),
      };
    },
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

export const liveChartsRoutes: FastifyPluginAsyncZod<{ services: MarketRouteServices }> = async (
  app,
  { services },
) => {
  const { market, replays } = services;
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
    async (request, reply) => {
      const { period, replayId } = request.query;
      const replay = await replayReader(app, replays, request, reply, replayId);
      return {
        success: true as const,
        ...(replay
          ? await replay.reads.historical(replay.userId, replay.replayId, request.params.symbol, period)
          : await market.historical(request.params.symbol, period)),
      };
    },
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
