import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToWatchlistRequestSchema,
  createWatchlistRequestSchema,
  messageResponseSchema,
  removeFromWatchlistParamsSchema,
  watchlistIdParamsSchema,
  watchlistListResponseSchema,
  watchlistResponseSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { WatchlistsService } from './watchlists.service.js';

const tags = ['watchlist'];

export const watchlistsRoutes: FastifyPluginAsyncZod<{
  services: { watchlists: WatchlistsService };
}> = async (app, { services }) => {
  const { watchlists } = services;
  app.addHook('preHandler', app.authenticate);

  app.get('/', { schema: { tags, response: { 200: watchlistListResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await watchlists.list(requireAuth(request).user.id),
  }));

  app.post(
    '/create',
    { schema: { tags, body: createWatchlistRequestSchema, response: { 201: watchlistResponseSchema } } },
    async (request, reply) => {
      const data = await watchlists.create(
        requireAuth(request).user.id,
        request.body.name,
        request.body.description,
      );
      return reply
        .status(201)
        .send({ success: true, message: `Watchlist "${data.name}" created successfully!`, data });
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, params: watchlistIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await watchlists.remove(requireAuth(request).user.id, request.params.id);
      return { success: true as const, message: 'Watchlist deleted successfully.' };
    },
  );

  app.post(
    '/add',
    { schema: { tags, body: addToWatchlistRequestSchema, response: { 200: watchlistResponseSchema } } },
    async (request) => {
      const { watchlist, symbol } = await watchlists.add(
        requireAuth(request).user.id,
        request.body.watchlistId,
        request.body.symbol,
      );
      return { success: true as const, message: `Added ${symbol} to watchlist`, data: watchlist };
    },
  );

  app.delete(
    '/remove/:symbol/:watchlistId',
    { schema: { tags, params: removeFromWatchlistParamsSchema, response: { 200: watchlistResponseSchema } } },
    async (request) => {
      const { watchlist, symbol } = await watchlists.removeSymbol(
        requireAuth(request).user.id,
        request.params.watchlistId,
        request.params.symbol,
      );
      return { success: true as const, message: `Removed ${symbol} from watchlist`, data: watchlist };
    },
  );
};
