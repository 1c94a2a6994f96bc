import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dailyRewardStatusResponseSchema, loginRewardResponseSchema } from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { RewardsService } from './rewards.service.js';

/** Mounted under /api/virtual-money. */
export const rewardsRoutes: FastifyPluginAsyncZod<{ services: { rewards: RewardsService } }> = async (
  app,
  { services },
) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['virtual-money'];

  app.get(
    '/daily-reward',
    { schema: { tags, response: { 200: dailyRewardStatusResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await services.rewards.status(requireAuth(request).user.id),
    }),
  );

  // No body: the claim is for "today" in IST as the server sees it, never a client-chosen day.
  app.post(
    '/login-reward',
    { schema: { tags, response: { 200: loginRewardResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await services.rewards.claim(requireAuth(request).user.id)),
    }),
  );
};
