import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  saytrixChatRequestSchema,
  saytrixReplySchema,
  saytrixChatResponseSchema,
  saytrixHistoryResponseSchema,
  saytrixSessionParamsSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import { tooManyRequests } from '../../lib/errors.js';
import type { SaytrixService } from './saytrix.service.js';

const tags = ['saytrix'];

/** Sentences of a markdown reply; a list item or table row stands on its own line. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => (/^\s*([-|]|\d+\.)/.test(line) ? [line] : line.split(/(?<=[.!?])\s+(?=[A-Z*_₹])/)))
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A budget per user on each /api/saytrix/* route, counted after authentication (so it is the user,
 * not the address, that is limited: 60 parallel chats once made 60 model calls). The plugin's
 * stores count each route apart, so the budget is per route.
 */
function perUserLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `saytrix:${requireAuth(request).user.id}`,
      // An AppError keeps its message through the error handler (a bare 429 gets a generic one).
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        tooManyRequests(
          `Too many Saytrix requests: at most ${max} a minute. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    },
  };
}

/** Mounted under /api/saytrix. The chat only reads: actions come back as proposals the user confirms. */
export const saytrixRoutes: FastifyPluginAsyncZod<{
  services: { saytrix: SaytrixService };
  rateLimitPerMinute: number;
}> = async (app, { services, rateLimitPerMinute }) => {
  app.addHook('preHandler', app.authenticate);
  const config = perUserLimit(rateLimitPerMinute);

  app.post(
    '/chat',
    {
      config,
      schema: { tags, body: saytrixChatRequestSchema, response: { 200: saytrixChatResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await services.saytrix.chat(requireAuth(request).user.id, request.body),
    }),
  );

  /**
   * The same answer as /chat as server-sent events: one `sentence` event per sentence, each sent
   * only after the whole reply passed the figure check, then `done` with the full reply.
   */
  app.post(
    '/chat/stream',
    { config, schema: { tags, body: saytrixChatRequestSchema } },
    async (request, reply) => {
      const answer = await services.saytrix.chat(requireAuth(request).user.id, request.body);
      const events = [
        ...splitSentences(answer.response).map(
          (text) => `event: sentence\ndata: ${JSON.stringify({ text })}\n\n`,
        ),
        `event: done\ndata: ${JSON.stringify(saytrixReplySchema.parse(answer))}\n\n`,
      ];
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(events.join(''));
    },
  );

  app.get(
    '/sessions/:sessionId/messages',
    {
      config,
      schema: { tags, params: saytrixSessionParamsSchema, response: { 200: saytrixHistoryResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: {
        sessionId: request.params.sessionId,
        messages: await services.saytrix.history(requireAuth(request).user.id, request.params.sessionId),
      },
    }),
  );

  app.delete(
    '/sessions/:sessionId',
    {
      config,
      schema: {
        tags,
        params: saytrixSessionParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await services.saytrix.clear(requireAuth(request).user.id, request.params.sessionId);
      return { success: true as const };
    },
  );
};
