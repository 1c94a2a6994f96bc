import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createReplayRequestSchema,
  drillsResponseSchema,
  replayIdParamsSchema,
  replayListResponseSchema,
  replayPortfolioResponseSchema,
  replayResponseSchema,
  seekReplayRequestSchema,
  stepReplayRequestSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { ReplayService } from './replay.service.js';

const tags = ['replays'];

/** The Replay Lab's clock: a replay per user, its clock moved by play/pause/step/seek, ended by finish. */
export const replayRoutes: FastifyPluginAsyncZod<{ services: { replays: ReplayService } }> = async (
  app,
  { services },
) => {
  const { replays } = services;
  app.addHook('preHandler', app.authenticate);

  app.get('/drills', { schema: { tags, response: { 200: drillsResponseSchema } } }, async () => ({
    success: true as const,
    data: replays.drills(),
  }));

  app.get('/', { schema: { tags, response: { 200: replayListResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await replays.list(requireAuth(request).user.id),
  }));

  app.post(
    '/',
    { schema: { tags, body: createReplayRequestSchema, response: { 201: replayResponseSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ success: true, data: await replays.create(requireAuth(request).user.id, request.body) }),
  );

  app.get(
    '/:id',
    { schema: { tags, params: replayIdParamsSchema, response: { 200: replayResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await replays.get(requireAuth(request).user.id, request.params.id),
    }),
  );

  app.get(
    '/:id/portfolio',
    { schema: { tags, params: replayIdParamsSchema, response: { 200: replayPortfolioResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await replays.portfolio(requireAuth(request).user.id, request.params.id),
    }),
  );

  for (const action of ['play', 'pause', 'finish'] as const) {
    app.post(
      `/:id/${action}`,
      { schema: { tags, params: replayIdParamsSchema, response: { 200: replayResponseSchema } } },
      async (request) => ({
        success: true as const,
        data: await replays[action](requireAuth(request).user.id, request.params.id),
      }),
    );
  }

  app.post(
    '/:id/step',
    {
      schema: {
        tags,
        params: replayIdParamsSchema,
        body: stepReplayRequestSchema,
        response: { 200: replayResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await replays.step(requireAuth(request).user.id, request.params.id, request.body.minutes),
    }),
  );

  app.post(
    '/:id/seek',
    {
      schema: {
        tags,
        params: replayIdParamsSchema,
        body: seekReplayRequestSchema,
        response: { 200: replayResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await replays.seek(requireAuth(request).user.id, request.params.id, request.body.time),
    }),
  );
};
