import {
  authConfigResponseSchema,
  authSuccessResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  signupRequestSchema,
  verifyTwoFactorLoginRequestSchema,
} from '@nivesh/shared';
import { requestMeta } from '../../plugins/authenticate.js';
import { tags, type AuthApp, type AuthRouteContext } from './auth-route-context.js';

/** Sign-up, sign-in (and its second factor), and whether Google sign-in is on. */
export function signInRoutes(app: AuthApp, { services, limited }: AuthRouteContext) {
  app.get(
    '/config',
    { schema: { tags, security: [], response: { 200: authConfigResponseSchema } } },
    async () => ({
      googleEnabled: services.google !== undefined,
    }),
  );

  app.post(
    '/signup',
    {
      config: limited,
      schema: { tags, security: [], body: signupRequestSchema, response: { 201: authSuccessResponseSchema } },
    },
    async (request, reply) => {
      const { token, user } = await services.auth.signup(request.body, requestMeta(request));
      return reply.status(201).send({
        success: true,
        message: 'Account created successfully!',
        token,
        user: await services.users.publicUser(user.id),
      });
    },
  );

  app.post(
    '/login',
    {
      config: limited,
      schema: { tags, security: [], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => {
      const outcome = await services.auth.login(request.body, requestMeta(request));
      if (outcome.kind === 'two-factor') {
        return {
          success: true as const,
          requiresTwoFactor: true as const,
          email: outcome.email,
          message: 'Enter the 6-digit code from your authenticator app',
        };
      }
      return {
        success: true as const,
        message: 'Login successful',
        token: outcome.token,
        user: await services.users.publicUser(outcome.user.id),
      };
    },
  );

  app.post(
    '/verify-2fa',
    {
      config: limited,
      schema: {
        tags,
        security: [],
        body: verifyTwoFactorLoginRequestSchema,
        response: { 200: authSuccessResponseSchema },
      },
    },
    async (request) => {
      const { email, code } = request.body;
      const { token, user } = await services.auth.verifyTwoFactorLogin(email, code, requestMeta(request));
      return {
        success: true as const,
        message: 'Login successful',
        token,
        user: await services.users.publicUser(user.id),
      };
    },
  );
}
