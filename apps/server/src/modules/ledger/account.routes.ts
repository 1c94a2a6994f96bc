import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetAccountRequestSchema, resetAccountResponseSchema } from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { AccountService } from './account.service.js';

/** Mounted under /api/virtual-money. */
export const accountRoutes: FastifyPluginAsyncZod<{ services: { account: AccountService } }> = async (
  app,
  { services },
) => {
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/reset',
    {
      schema: {
        tags: ['virtual-money'],
        body: resetAccountRequestSchema,
        response: { 200: resetAccountResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: await services.account.reset(requireAuth(request).user.id),
    }),
  );
};
