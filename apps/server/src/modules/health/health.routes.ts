import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@nivesh/shared';
import type { Database } from '../../db/database.js';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        security: [],
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      let ok = true;
      let latencyMs = 0;
      try {
        latencyMs = Math.round((await database.ping()) * 100) / 100;
      } catch {
        ok = false;
      }
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        version,
        database: { driver: database.driver, ok, latencyMs },
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
