import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authConfigResponseSchema,
  authSuccessResponseSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  googleExchangeRequestSchema,
  googleExchangeResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  safeString,
  revokeOthersResponseSchema,
  sessionIdParamsSchema,
  sessionListResponseSchema,
  signupRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorVerifyRequestSchema,
  twoFactorVerifyResponseSchema,
  userResponseSchema,
  verifyResponseSchema,
  verifyTwoFactorLoginRequestSchema,
  plural,
} from '@nivesh/shared';
import { notFound } from '../../lib/errors.js';
import { requestMeta, requireAuth } from '../../plugins/authenticate.js';
import type { AuthService } from './auth.service.js';
import type { SessionsService } from './sessions.service.js';
import type { TwoFactorService } from './two-factor.service.js';
import type { GoogleAuthService } from './google.service.js';
import type { UsersService } from '../users/users.service.js';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{
  services: {
    auth: AuthService;
    sessions: SessionsService;
    twoFactor: TwoFactorService;
    google: GoogleAuthService | undefined;
    users: UsersService;
  };
  rateLimitPerMinute: number;
}> = async (app, { services, rateLimitPerMinute }) => {
  const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };
  const authed = { preHandler: app.authenticate };

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

  app.get('/google', { config: limited, schema: { tags, security: [] } }, async (_request, reply) => {
    if (!services.google) throw notFound('Google sign-in is not configured');
    return reply.redirect(await services.google.authorizationUrl());
  });

  app.get(
    '/google/callback',
    { schema: { tags, security: [], querystring: z.record(safeString().max(100), safeString().max(4000)) } },
    async (request, reply) => {
      if (!services.google) throw notFound('Google sign-in is not configured');
      const url = new URL(request.url, services.google.redirectUri);
      return reply.redirect(
        await services.google.callback(new URL(`${services.google.redirectUri}${url.search}`)),
      );
    },
  );

  app.post(
    '/google/exchange',
    {
      config: limited,
      schema: {
        tags,
        security: [],
        body: googleExchangeRequestSchema,
        response: { 200: googleExchangeResponseSchema },
      },
    },
    async (request) => {
      if (!services.google) throw notFound('Google sign-in is not configured');
      const { token, userId, isNewUser } = await services.google.exchange(
        request.body.code,
        requestMeta(request),
      );
      return {
        success: true as const,
        message: isNewUser ? 'Welcome to Nivesh!' : 'Welcome back!',
        token,
        isNewUser,
        user: await services.users.publicUser(userId),
      };
    },
  );
};
