import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  classIdParamsSchema,
  classLeaderboardResponseSchema,
  classListResponseSchema,
  classMemberParamsSchema,
  classOkResponseSchema,
  classResponseSchema,
  createClassRequestSchema,
  joinClassRequestSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { ClassStandingsService } from './class-standings.service.js';
import type { ClassesService } from './classes.service.js';

const tags = ['classes'];

/** /api/classes: classrooms (issue 26). Outsiders get 404 for every class route. */
export const classesRoutes: FastifyPluginAsyncZod<{
  services: { classes: ClassesService; classStandings: ClassStandingsService };
}> = async (app, { services }) => {
  const { classes, classStandings } = services;
  app.addHook('preHandler', app.authenticate);

  app.get('/', { schema: { tags, response: { 200: classListResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await classes.list(requireAuth(request).user.id),
  }));

  app.post(
    '/',
    { schema: { tags, body: createClassRequestSchema, response: { 201: classResponseSchema } } },
    async (request, reply) => {
      const data = await classes.create(requireAuth(request).user.id, request.body);
      return reply.status(201).send({
        success: true as const,
        message: `Class "${data.name}" created: share the invite code ${data.inviteCode}`,
        data,
      });
    },
  );

  app.post(
    '/join',
    {
      schema: {
        tags,
        body: joinClassRequestSchema,
        response: { 200: classResponseSchema, 201: classResponseSchema },
      },
    },
    async (request, reply) => {
      const { detail, joined } = await classes.join(requireAuth(request).user.id, request.body.inviteCode);
      return reply.status(joined ? 201 : 200).send({
        success: true as const,
        message: joined
          ? `You joined "${detail.name}": your class portfolio is ready`
          : `You are already in "${detail.name}"`,
        data: detail,
      });
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params: classIdParamsSchema, response: { 200: classResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await classes.detail(requireAuth(request).user.id, request.params.id),
    }),
  );

  app.post(
    '/:id/invite-code',
    { schema: { tags, params: classIdParamsSchema, response: { 200: classResponseSchema } } },
    async (request) => {
      const data = await classes.rotateInviteCode(requireAuth(request).user.id, request.params.id);
      return {
        success: true as const,
        message: `New invite code ${data.inviteCode}: the old one no longer works`,
        data,
      };
    },
  );

  app.delete(
    '/:id/members/:userId',
    { schema: { tags, params: classMemberParamsSchema, response: { 200: classOkResponseSchema } } },
    async (request) => ({
      success: true as const,
      message: await classes.removeMember(
        requireAuth(request).user.id,
        request.params.id,
        request.params.userId,
      ),
    }),
  );

  app.get(
    '/:id/leaderboard',
    { schema: { tags, params: classIdParamsSchema, response: { 200: classLeaderboardResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await classStandings.leaderboard(requireAuth(request).user.id, request.params.id),
    }),
  );

  app.get('/:id/report.csv', { schema: { tags, params: classIdParamsSchema } }, async (request, reply) => {
    const { name, csv } = await classStandings.reportCsv(requireAuth(request).user.id, request.params.id);
    const file = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'class';
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="nivesh-class-${file}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};
