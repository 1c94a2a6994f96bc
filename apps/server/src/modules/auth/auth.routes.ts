import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthRouteServices } from './auth-route-context.js';
import { signInRoutes } from './auth-sign-in.routes.js';
import { passwordResetRoutes } from './auth-password-reset.routes.js';
import { sessionRoutes } from './auth-session.routes.js';
import { twoFactorRoutes } from './auth-two-factor.routes.js';
import { googleRoutes } from './auth-google.routes.js';

/** `/api/auth`: each concern's routes live in their own file, registered here in this order. */
export const authRoutes: FastifyPluginAsyncZod<{
  services: AuthRouteServices;
  rateLimitPerMinute: number;
}> = async (app, { services, rateLimitPerMinute }) => {
  const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };
  const authed = { preHandler: app.authenticate };
  const context = { services, limited, authed };
  signInRoutes(app, context);
  passwordResetRoutes(app, context);
  sessionRoutes(app, context);
  twoFactorRoutes(app, context);
  googleRoutes(app, context);
};
