import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  newsArticleResponseSchema,
  newsArticlesResponseSchema,
  newsBookmarkResponseSchema,
  newsIdParamsSchema,
  newsLimitQuerySchema,
  newsListQuerySchema,
  newsListResponseSchema,
  newsSearchQuerySchema,
  newsSymbolParamsSchema,
  newsTrendingResponseSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { NewsService } from './news.service.js';

const tags = ['news'];

export const newsRoutes: FastifyPluginAsyncZod<{ services: { news: NewsService } }> = async (
  app,
  { services },
) => {
  const { news } = services;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/',
    { schema: { tags, querystring: newsListQuerySchema, response: { 200: newsListResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await news.list(requireAuth(request).user.id, request.query)),
    }),
  );

  app.get(
    '/market',
    { schema: { tags, querystring: newsLimitQuerySchema, response: { 200: newsArticlesResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await news.market(requireAuth(request).user.id, request.query.limit),
    }),
  );

  app.get(
    '/search',
    { schema: { tags, querystring: newsSearchQuerySchema, response: { 200: newsArticlesResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await news.search(requireAuth(request).user.id, request.query.q, request.query.limit),
    }),
  );

  app.get(
    '/stock/:symbol',
    {
      schema: {
        tags,
        params: newsSymbolParamsSchema,
        querystring: newsLimitQuerySchema,
        response: { 200: newsArticlesResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await news.forStock(requireAuth(request).user.id, request.params.symbol, request.query.limit),
    }),
  );

  app.get(
    '/trending',
    { schema: { tags, response: { 200: newsTrendingResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await news.trending(requireAuth(request).user.id),
    }),
  );

  app.get(
    '/bookmarks',
    { schema: { tags, querystring: newsLimitQuerySchema, response: { 200: newsArticlesResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await news.bookmarks(requireAuth(request).user.id, request.query.limit),
    }),
  );

  app.get(
    '/:id',
    { schema: { tags, params: newsIdParamsSchema, response: { 200: newsArticleResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await news.get(requireAuth(request).user.id, request.params.id),
    }),
  );

  app.post(
    '/:id/bookmark',
    { schema: { tags, params: newsIdParamsSchema, response: { 200: newsBookmarkResponseSchema } } },
    async (request) => {
      const isBookmarked = await news.toggleBookmark(requireAuth(request).user.id, request.params.id);
      return {
        success: true as const,
        message: isBookmarked ? 'Article bookmarked' : 'Bookmark removed',
        data: { id: request.params.id, isBookmarked },
      };
    },
  );
};
