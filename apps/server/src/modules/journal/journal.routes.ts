import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  createJournalEntryRequestSchema,
  deleteJournalEntryRequestSchema,
  JOURNAL_MESSAGES,
  journalEntryIdParamsSchema,
  journalEntryMessageResponseSchema,
  journalEntryResponseSchema,
  journalLinkQuerySchema,
  journalLinkResponseSchema,
  journalListQuerySchema,
  journalListResponseSchema,
  journalPortfolioQuerySchema,
  journalTagsQuerySchema,
  journalTagSummaryResponseSchema,
  messageResponseSchema,
  updateJournalEntryRequestSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import type { JournalService } from './journal.service.js';

const tags = ['journal'];

/** /api/trades: the user's trade journal ("My Trades"). */
export const journalRoutes: FastifyPluginAsyncZod<{
  services: { journal: JournalService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  const { journal, portfolios } = services;
  /** The portfolio a request names (main when it names none); 404 when it is not the user's. */
  const portfolioOf = (request: FastifyRequest, portfolioId: string | undefined) =>
    portfolios.resolve(requireAuth(request).user.id, portfolioId);
  /** For reads that may open a closed season (`?season=N`, read-only); 404 for a season that never was. */
  const seasonOf = (request: FastifyRequest, query: { portfolioId?: string; season?: number }) =>
    portfolios.resolveSeason(requireAuth(request).user.id, query.portfolioId, query.season);
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/',
    { schema: { tags, querystring: journalListQuerySchema, response: { 200: journalListResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await journal.list(await seasonOf(request, request.query), request.query)),
    }),
  );

  app.get(
    '/tags',
    {
      schema: {
        tags,
        querystring: journalTagsQuerySchema,
        response: { 200: journalTagSummaryResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      tags: await journal.tags(await seasonOf(request, request.query)),
    }),
  );

  app.get(
    '/link',
    { schema: { tags, querystring: journalLinkQuerySchema, response: { 200: journalLinkResponseSchema } } },
    async (request) => ({
      success: true as const,
      fill: await journal.link(await portfolioOf(request, request.query.portfolioId), request.query),
    }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        body: createJournalEntryRequestSchema,
        response: { 201: journalEntryMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const trade = await journal.create(await portfolioOf(request, request.body.portfolioId), request.body);
      return reply.status(201).send({ success: true, message: JOURNAL_MESSAGES.created, trade });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: journalEntryIdParamsSchema,
        querystring: journalPortfolioQuerySchema,
        response: { 200: journalEntryResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      trade: await journal.get(await portfolioOf(request, request.query.portfolioId), request.params.id),
    }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        params: journalEntryIdParamsSchema,
        body: updateJournalEntryRequestSchema,
        response: { 200: journalEntryMessageResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: JOURNAL_MESSAGES.updated,
      trade: await journal.update(
        await portfolioOf(request, request.body.portfolioId),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        params: journalEntryIdParamsSchema,
        body: deleteJournalEntryRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await journal.remove(await portfolioOf(request, request.body?.portfolioId), request.params.id);
      return { success: true as const, message: JOURNAL_MESSAGES.deleted };
    },
  );
};
