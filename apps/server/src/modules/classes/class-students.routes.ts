import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  classMemberParamsSchema,
  classStudentHoldingsResponseSchema,
  classStudentResponseSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { ClassStudentsService } from './class-students.service.js';

const tags = ['classes'];

/**
 * /api/classes/:id/students/:userId: the teacher's view of one student (a student may read their
 * own; a classmate gets 403) and that student's holdings (classmates only when the class allows).
 */
export const classStudentsRoutes: FastifyPluginAsyncZod<{
  services: { classStudents: ClassStudentsService };
}> = async (app, { services }) => {
  const { classStudents } = services;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/:id/students/:userId',
    { schema: { tags, params: classMemberParamsSchema, response: { 200: classStudentResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await classStudents.student(
        requireAuth(request).user.id,
        request.params.id,
        request.params.userId,
      ),
    }),
  );

  app.get(
    '/:id/students/:userId/holdings',
    {
      schema: {
        tags,
        params: classMemberParamsSchema,
        response: { 200: classStudentHoldingsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await classStudents.holdings(
        requireAuth(request).user.id,
        request.params.id,
        request.params.userId,
      ),
    }),
  );
};
