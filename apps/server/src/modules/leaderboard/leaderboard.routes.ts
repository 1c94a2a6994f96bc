import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  joinLeaderboardRequestSchema,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  messageResponseSchema,
  LEADERBOARD_OFF_MESSAGE,
} from '@nivesh/shared';
import { forbidden } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/authenticate.js';
import type { LeaderboardService } from './leaderboard.service.js';

const tags = ['leaderboard'];

/** Mounted under /api/leaderboard. */
export const leaderboardRoutes: FastifyPluginAsyncZod<{
  services: { leaderboard: LeaderboardService };
}> = async (app, { services }) => {
  const { leaderboard } = services;
  app.addHook('preHandler', app.authenticate);
  // PUBLIC_LEADERBOARD=false (the default on a public address): nothing is listed, joined or left.
  app.addHook('preHandler', async () => {
    if (!leaderboard.isPublic) throw forbidden(LEADERBOARD_OFF_MESSAGE);
  });

  app.get(
    '/',
    { schema: { tags, querystring: leaderboardQuerySchema, response: { 200: leaderboardResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await leaderboard.leaderboard(requireAuth(request).user.id, request.query),
    }),
  );

  app.post(
    '/join',
    { schema: { tags, body: joinLeaderboardRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await leaderboard.join(requireAuth(request).user.id, request.body);
      return { success: true as const, message: `You are on the leaderboard as ${request.body.displayName}` };
    },
  );

  app.post('/leave', { schema: { tags, response: { 200: messageResponseSchema } } }, async (request) => {
    await leaderboard.leave(requireAuth(request).user.id);
    return { success: true as const, message: 'You have left the leaderboard' };
  });
};
