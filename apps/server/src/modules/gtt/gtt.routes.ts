import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGttRequestSchema,
  describeGtt,
  gttIdParamsSchema,
  gttListQuerySchema,
  gttListResponseSchema,
  gttResponseSchema,
  updateGttRequestSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { GttService } from './gtt.service.js';

const tags = ['gtt'];

export const gttRoutes: FastifyPluginAsyncZod<{ services: { gtt: GttService } }> = async (
  app,
  { services },
) => {
  const { gtt } = services;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/',
    { schema: { tags, querystring: gttListQuerySchema, response: { 200: gttListResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await gtt.list(requireAuth(request).user.id, request.query)),
    }),
  );

  app.post(
    '/',
    { schema: { tags, body: createGttRequestSchema, response: { 201: gttResponseSchema } } },
    async (request, reply) => {
      const data = await gtt.create(requireAuth(request).user.id, request.body);
      return reply.status(201).send({ success: true, message: `GTT set: ${describeGtt(data)}`, data });
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params: gttIdParamsSchema, response: { 200: gttResponseSchema } } },
    async (request) => ({
      success: true as const,
      message: 'GTT',
      data: await gtt.get(requireAuth(request).user.id, request.params.id),
    }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        params: gttIdParamsSchema,
        body: updateGttRequestSchema,
        response: { 200: gttResponseSchema },
      },
    },
    async (request) => {
      const data = await gtt.update(requireAuth(request).user.id, request.params.id, request.body);
      return { success: true as const, message: `GTT modified: ${describeGtt(data)}`, data };
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, params: gttIdParamsSchema, response: { 200: gttResponseSchema } } },
    async (request) => {
      const data = await gtt.cancel(requireAuth(request).user.id, request.params.id);
      return { success: true as const, message: 'GTT cancelled', data };
    },
  );
};
