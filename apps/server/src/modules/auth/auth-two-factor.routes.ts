import {
  twoFactorDisableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorVerifyRequestSchema,
  twoFactorVerifyResponseSchema,
  userResponseSchema,
} from '@nivesh/shared';
import { requireAuth } from '../../plugins/authenticate.js';
import { tags, type AuthApp, type AuthRouteContext } from './auth-route-context.js';

/** Two-factor authentication: enable, verify and disable. */
export function twoFactorRoutes(app: AuthApp, { services, limited, authed }: AuthRouteContext) {
  app.post(
    '/2fa/enable',
    { ...authed, schema: { tags, response: { 200: twoFactorEnableResponseSchema } } },
    async (request) => {
      const setup = await services.twoFactor.beginSetup(requireAuth(request).user);
      return { success: true as const, ...setup };
    },
  );

  app.post(
    '/2fa/verify',
    {
      ...authed,
      config: limited,
      schema: { tags, body: twoFactorVerifyRequestSchema, response: { 200: twoFactorVerifyResponseSchema } },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const recoveryCodes = await services.auth.enableTwoFactor(user, request.body.code);
      return {
        success: true as const,
        message: 'Two-factor authentication enabled successfully!',
        recoveryCodes,
        user: await services.users.publicUser(user.id),
      };
    },
  );

  app.post(
    '/2fa/disable',
    {
      ...authed,
      config: limited,
      schema: { tags, body: twoFactorDisableRequestSchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      await services.auth.disableTwoFactor(user, session.id, request.body);
      return {
        success: true as const,
        message: 'Two-factor authentication disabled.',
        user: await services.users.publicUser(user.id),
      };
    },
  );
}
