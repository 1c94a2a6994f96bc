import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  capitalGainsQuerySchema,
  capitalGainsResponseSchema,
  contractNoteQuerySchema,
  tradeDaysQuerySchema,
  tradeDaysResponseSchema,
} from '@nivesh/shared';
import type { FastifyReply } from 'fastify';
import { requireAuth } from '../../plugins/authenticate.js';
import type { ReportsService } from './reports.service.js';

const tags = ['reports'];

const download = (reply: FastifyReply, type: string, filename: string, body: string | Buffer) =>
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);

/** Mounted under /api/reports: the caller's own capital gains and contract notes. */
export const reportsRoutes: FastifyPluginAsyncZod<{ services: { reports: ReportsService } }> = async (
  app,
  { services },
) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/capital-gains',
    { schema: { tags, querystring: capitalGainsQuerySchema, response: { 200: capitalGainsResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.reports.capitalGains(requireAuth(request).user.id, request.query.fy),
    }),
  );

  app.get(
    '/capital-gains.csv',
    { schema: { tags, querystring: capitalGainsQuerySchema } },
    async (request, reply) => {
      const { filename, csv } = await services.reports.capitalGainsCsv(
        requireAuth(request).user.id,
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
        requireAuth(request).user.id,
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
      data: await services.reports.tradeDays(requireAuth(request).user.id, request.query.fy),
    }),
  );

  app.get(
    '/contract-note',
    { schema: { tags, querystring: contractNoteQuerySchema } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { filename, pdf } = await services.reports.contractNote(user, request.query.date);
      return download(reply, 'application/pdf', filename, pdf);
    },
  );
};
