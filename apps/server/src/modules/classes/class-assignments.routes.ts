import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  classAssignmentListResponseSchema,
  classAssignmentParamsSchema,
  classAssignmentResponseSchema,
  classIdParamsSchema,
  classOkResponseSchema,
  createAssignmentRequestSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { ClassAssignmentsService } from './class-assignments.service.js';

const tags = ['classes'];

/** /api/classes/:id/assignments: the teacher sets them; progress is computed, never ticked. */
export const classAssignmentsRoutes: FastifyPluginAsyncZod<{
  services: { classAssignments: ClassAssignmentsService };
}> = async (app, { services }) => {
  const { classAssignments } = services;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/:id/assignments',
    { schema: { tags, params: classIdParamsSchema, response: { 200: classAssignmentListResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await classAssignments.list(requireAuth(request).user.id, request.params.id),
    }),
  );

  app.post(
    '/:id/assignments',
    {
      schema: {
        tags,
        params: classIdParamsSchema,
        body: createAssignmentRequestSchema,
        response: { 201: classAssignmentResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await classAssignments.create(
        requireAuth(request).user.id,
        request.params.id,
        request.body,
      );
      return reply
        .status(201)
        .send({ success: true as const, message: `Assignment "${data.title}" set`, data });
    },
  );

  app.delete(
    '/:id/assignments/:assignmentId',
    { schema: { tags, params: classAssignmentParamsSchema, response: { 200: classOkResponseSchema } } },
    async (request) => ({
      success: true as const,
      message: await classAssignments.remove(
        requireAuth(request).user.id,
        request.params.id,
        request.params.assignmentId,
      ),
    }),
  );
};
