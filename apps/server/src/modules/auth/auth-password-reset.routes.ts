import {
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
} from '@nivesh/shared';
import { tags, type AuthApp, type AuthRouteContext } from './auth-route-context.js';

/** Forgotten passwords: the reset mail and the reset itself. */
export function passwordResetRoutes(app: AuthApp, { services, limited }: AuthRouteContext) {
  app.post(
    '/forgot-password',
    {
      config: limited,
      schema: {
        tags,
        security: [],
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: await services.auth.forgotPassword(request.body.email),
    }),
  );

  app.post(
    '/reset-password',
    {
      config: limited,
      schema: {
        tags,
        security: [],
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await services.auth.resetPassword(request.body.token, request.body.password);
      return { success: true as const, message: 'Your password has been reset. Please sign in.' };
    },
  );
}
