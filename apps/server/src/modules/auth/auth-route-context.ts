import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service.js';
import type { SessionsService } from './sessions.service.js';
import type { TwoFactorService } from './two-factor.service.js';
import type { GoogleAuthService } from './google.service.js';
import type { UsersService } from '../users/users.service.js';

export interface AuthRouteServices {
  auth: AuthService;
  sessions: SessionsService;
  twoFactor: TwoFactorService;
  google: GoogleAuthService | undefined;
  users: UsersService;
}

/** The app the auth plugin registers on (one context: the route files add routes to it, in order). */
export type AuthApp = Parameters<FastifyPluginAsyncZod>[0];

/** What every auth route file shares: the services, the rate limit of sign-in routes, the auth guard. */
export interface AuthRouteContext {
  services: AuthRouteServices;
  limited: { rateLimit: { max: number; timeWindow: string } };
  authed: { preHandler: AuthApp['authenticate'] };
}

export const tags = ['auth'];
