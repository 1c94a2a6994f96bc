import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  updateProfileRequestSchema,
  updateSettingsRequestSchema,
  userResponseSchema,
  verifyResponseSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ services: { users: UsersService } }> = async (
  app,
  { services },
) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/profile',
    { schema: { tags: ['user'], response: { 200: verifyResponseSchema } } },
    async (request) => {
      const { user } = requireAuth(request);
      return { success: true as const, user: await services.users.publicUser(user.id) };
    },
  );

  app.put(
    '/profile',
    { schema: { tags: ['user'], body: updateProfileRequestSchema, response: { 200: userResponseSchema } } },
    async (request) => {
      const { user, session } = requireAuth(request);
      const updated = await services.users.updateProfile(user, session.id, request.body);
      return { success: true as const, message: 'Profile updated successfully!', user: updated };
    },
  );

  app.put(
    '/settings',
    { schema: { tags: ['user'], body: updateSettingsRequestSchema, response: { 200: userResponseSchema } } },
    async (request) => {
      const { user, session } = requireAuth(request);
      const updated = await services.users.updateSettings(user, session.id, request.body);
      return { success: true as const, message: 'Settings saved successfully!', user: updated };
    },
  );
};
