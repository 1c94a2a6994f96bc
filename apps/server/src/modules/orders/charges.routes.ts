import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chargesResponseSchema } from '@nivesh/shared';
import type { ChargesService } from './charges.service.js';

/** Public: the charges are the same for everyone, and a visitor may read them before signing up. */
export const chargesRoutes: FastifyPluginAsyncZod<{ services: { charges: ChargesService } }> = async (
  app,
  { services },
) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The charge schedules in force today, per product and exchange, with their dates and sources',
        security: [],
        response: { 200: chargesResponseSchema },
      },
    },
    async () => ({ success: true as const, data: services.charges.inForce() }),
  );
};
