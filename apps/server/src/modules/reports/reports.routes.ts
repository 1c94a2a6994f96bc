import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  capitalGainsQuerySchema,
  capitalGainsResponseSchema,
  contractNoteQuerySchema,
  tradeDaysQuerySchema,
  tradeDaysResponseSchema,
} from '@nivesh/shared';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/authenticate.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import type { ReportScope, ReportsService } from './reports.service.js';

import { download } from '../../lib/download.js';

const tags = ['reports'];

/**
 * Mounted under /api/reports: the caller's own capital gains and contract notes, of one portfolio
 * (`portfolioId`, main when omitted; another user's is a 404) and season (`season`, the open one
 * when omitted). An unfinished replay's portfolio is refused (422).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{
  services: { reports: ReportsService; portfolios: PortfoliosService };
}> = async (app, { services }) => {
  const scopeOf = async (
    request: FastifyRequest,
    query: { portfolioId?: string | undefined; season?: number | undefined },
  ): Promise<ReportScope> => {
    const who = await services.portfolios.resolveRecord(
      requireAuth(request).user.id,
      query.portfolioId,
      query.season,
      'Tax reports',
    );
    return {
      accountId: who.accountId,
      portfolio: { id: who.portfolioId, name: who.name, kind: who.kind, season: who.season },
      open: who.open,
    };
  };
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/capital-gains',
    { schema: { tags, querystring: capitalGainsQuerySchema, response: { 200: capitalGainsResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.reports.capitalGains(await scopeOf(request, request.query), request.query.fy),
    }),
  );

  app.get(
    '/capital-gains.csv',
    { schema: { tags, querystring: capitalGainsQuerySchema } },
    async (request, reply) => {
      const { filename, csv } = await services.reports.capitalGainsCsv(
        await scopeOf(request, request.query),
        request.query.fy,
      );
      return download(reply, 'text/csv; charset=utf-8', filename, csv);
    },
  );

  app.get(
    '/capital-gains.pdf',
    { schema: { tags, querystring: capitalGainsQuerySchema } },
    async (request, reply) => {
      const { filename, pdf } = await services.reports.capitalGainsPdf(
        await scopeOf(request, request.query),
        request.query.fy,
      );
      return download(reply, 'application/pdf', filename, pdf);
    },
  );

  app.get(
    '/trade-days',
    { schema: { tags, querystring: tradeDaysQuerySchema, response: { 200: tradeDaysResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.reports.tradeDays(await scopeOf(request, request.query), request.query.fy),
    }),
  );

  app.get(
    '/contract-note',
    { schema: { tags, querystring: contractNoteQuerySchema } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { filename, pdf } = await services.reports.contractNote(
        user,
        await scopeOf(request, request.query),
        request.query.date,
      );
      return download(reply, 'application/pdf', filename, pdf);
    },
  );
};
