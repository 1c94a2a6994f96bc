import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import cors from '@fastify/cors';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { ERROR_CODES } from '@nivesh/shared';
import { registerSecurityHeaders } from './security-headers.js';

export interface SecurityOptions {
  corsOrigin: string;
  /** Set: every instance counts rate limits in this Redis; unset: each instance counts alone. */
  redisUrl?: string | undefined;
}

/**
 * Where news pictures come from (checked 2026-11-27): the bundled archive and the market desk carry
 * no images; the feeds the README suggests for NEWS_FEEDS serve theirs from these hosts (ET Markets,
 * Moneycontrol, LiveMint, Business Standard; NSE announcements have none). A picture from any other
 * host is not fetched. Was `https:` (any host), which let a markdown image in a chat reply fetch
 * from anywhere.
 */
export const NEWS_IMAGE_HOSTS = [
  'https://img.etimg.com',
  'https://images.moneycontrol.com',
  'https://www.livemint.com',
  'https://images.livemint.com',
  'https://bsmedia.business-standard.com',
] as const;

/** The security headers (helmet's and ours), CORS, and the rate limiter routes opt into. */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    registerSecurityHeaders(app);
    // Helmet's middleware is built once here: @fastify/helmet builds it again on every request
    // (it re-parses the CSP each time), which an order-heavy API pays on every call.
    const helmetHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React and toasts set style attributes; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', ...NEWS_IMAGE_HOSTS],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      helmetHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
    });
    await app.register(cors, { origin: options.corsOrigin, credentials: false });
    // With Redis every instance counts against one limit; without it each instance counts alone.
    // A Redis outage lets requests through (skipOnError) rather than failing every request.
    const limitStore = options.redisUrl
      ? new Redis(options.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
      : undefined;
    if (limitStore) {
      limitStore.on('error', (err: Error) => app.log.warn({ err }, 'rate-limit store unavailable'));
      app.addHook('onClose', async () => {
        limitStore.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: false,
      ...(limitStore ? { redis: limitStore, nameSpace: 'nivesh-rl:', skipOnError: true } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        success: false,
        code: ERROR_CODES.rateLimited,
        message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    });
  },
  { name: 'nivesh-security' },
);
