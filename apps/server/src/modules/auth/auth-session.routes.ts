import {
  authSuccessResponseSchema,
  changePasswordRequestSchema,
  messageResponseSchema,
  revokeOthersResponseSchema,
  sessionIdParamsSchema,
  sessionListResponseSchema,
  verifyResponseSchema,
  plural,
} from '@nivesh/shared';
import { requestMeta, requireAuth } from '../../plugins/authenticate.js';
import { tags, type AuthApp, type AuthRouteContext } from './auth-route-context.js';

/** The signed-in session: verify, refresh, logout, change password, and the list of sessions. */
export function sessionRoutes(app: AuthApp, { services, limited, authed }: AuthRouteContext) {
  app.get(
    '/verify',
    { ...authed, schema: { tags, response: { 200: verifyResponseSchema } } },
    async (request) => {
      const { user } = requireAuth(request);
      return { success: true as const, user: await services.users.publicUser(user.id) };
    },
  );

  app.post(
    '/refresh',
    { ...authed, schema: { tags, response: { 200: authSuccessResponseSchema } } },
    async (request) => {
      const { user, session } = requireAuth(request);
      const { token } = await services.sessions.rotate(session, requestMeta(request));
      return {
        success: true as const,
        message: 'Token refreshed',
        token,
        user: await services.users.publicUser(user.id),
      };
    },
  );

  app.post(
    '/logout',
    { ...authed, schema: { tags, response: { 200: messageResponseSchema } } },
    async (request) => {
      await services.sessions.revoke(requireAuth(request).session.id);
      return { success: true as const, message: 'Logged out successfully' };
    },
  );

  app.post(
    '/change-password',
    {
      ...authed,
      config: limited,
      schema: { tags, body: changePasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      await services.auth.changePassword(
        user,
        session.id,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return { success: true as const, message: 'Password changed. Other sessions were signed out.' };
    },
  );

  app.get(
    '/sessions',
    { ...authed, schema: { tags, response: { 200: sessionListResponseSchema } } },
    async (request) => {
      const { user, session } = requireAuth(request);
      return { success: true as const, data: await services.sessions.list(user.id, session.id) };
    },
  );

  app.delete(
    '/sessions/:id',
    { ...authed, schema: { tags, params: sessionIdParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await services.sessions.revokeOwn(requireAuth(request).user.id, request.params.id);
      return { success: true as const, message: 'Session signed out' };
    },
  );

  app.post(
    '/sessions/revoke-others',
    { ...authed, schema: { tags, response: { 200: revokeOthersResponseSchema } } },
    async (request) => {
      const { user, session } = requireAuth(request);
      const count = await services.sessions.revokeOthers(user.id, session.id);
      return {
        success: true as const,
        message: `Signed out ${plural(count, 'other session')}`,
        count,
      };
    },
  );
}
