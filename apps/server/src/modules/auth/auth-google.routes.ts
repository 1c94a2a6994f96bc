import { z } from 'zod';
import { googleExchangeRequestSchema, googleExchangeResponseSchema, safeString } from '@nivesh/shared';
import { notFound } from '../../lib/errors.js';
import { requestMeta } from '../../plugins/authenticate.js';
import { tags, type AuthApp, type AuthRouteContext } from './auth-route-context.js';

/** Google sign-in (OIDC): the redirect, the callback and the code exchange. */
export function googleRoutes(app: AuthApp, { services, limited }: AuthRouteContext) {
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
}
