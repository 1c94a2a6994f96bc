import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createJournalEntryRequestSchema,
  JOURNAL_MESSAGES,
  journalEntryIdParamsSchema,
  journalEntryMessageResponseSchema,
  journalEntryResponseSchema,
  journalLinkQuerySchema,
  journalLinkResponseSchema,
  journalListQuerySchema,
  journalListResponseSchema,
  journalTagSummaryResponseSchema,
  messageResponseSchema,
  updateJournalEntryRequestSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { JournalService } from './journal.service.js';

const tags = ['journal'];

/** /api/trades: the user's trade journal ("My Trades"). */
export const journalRoutes: FastifyPluginAsyncZod<{ services: { journal: JournalService } }> = async (
  app,
  { services },
) => {
  const { journal } = services;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/',
    { schema: { tags, querystring: journalListQuerySchema, response: { 200: journalListResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await journal.list(requireAuth(request).user.id, request.query)),
    }),
  );

  app.get(
    '/tags',
    { schema: { tags, response: { 200: journalTagSummaryResponseSchema } } },
    async (request) => ({
      success: true as const,
      tags: await journal.tags(requireAuth(request).user.id),
    }),
  );

  app.get(
    '/link',
    { schema: { tags, querystring: journalLinkQuerySchema, response: { 200: journalLinkResponseSchema } } },
    async (request) => ({
      success: true as const,
      fill: await journal.link(requireAuth(request).user.id, request.query),
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
      const trade = await journal.create(requireAuth(request).user.id, request.body);
      return reply.status(201).send({ success: true, message: JOURNAL_MESSAGES.created, trade });
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params: journalEntryIdParamsSchema, response: { 200: journalEntryResponseSchema } } },
    async (request) => ({
      success: true as const,
      trade: await journal.get(requireAuth(request).user.id, request.params.id),
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
      trade: await journal.update(requireAuth(request).user.id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    { schema: { tags, params: journalEntryIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await journal.remove(requireAuth(request).user.id, request.params.id);
      return { success: true as const, message: JOURNAL_MESSAGES.deleted };
    },
  );
};
