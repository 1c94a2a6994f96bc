import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@nivesh/shared';
import type { AppConfig } from './config/env.js';
import { openDatabase, type Database } from './db/database.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { liveChartsRoutes, stocksRoutes } from './modules/market/market.routes.js';
import { QuoteFeed } from './modules/market/quote-feed.js';
import { Matcher, matcherLockFor } from './modules/trading/matcher.js';
import { MatcherService } from './modules/trading/matcher.service.js';
import { Realtime } from './realtime/realtime.js';
import { watchlistsRoutes } from './modules/watchlists/watchlists.routes.js';
import { ordersRoutes, virtualTradeRoutes } from './modules/trading/orders.routes.js';
import { portfolioRoutes, virtualMoneyRoutes } from './modules/trading/portfolio.routes.js';
import { rewardsRoutes } from './modules/trading/rewards.routes.js';
import { accountRoutes } from './modules/trading/account.routes.js';
import { performanceRoutes } from './modules/trading/performance.routes.js';
import { statsRoutes } from './modules/trading/stats.routes.js';
import { transactionsRoutes } from './modules/trading/transactions.routes.js';
import { authenticatePlugin } from './plugins/authenticate.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { createServices } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    matcher: Matcher;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** A database opened by the caller (tests); otherwise the app opens one and closes it on close. */
  database?: Database;
  mailer?: Mailer;
  logger?: boolean;
  /** The market's clock (tests); Date.now otherwise. */
  now?: () => number;
}

/** Paths whose values never reach the log. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.token',
  'req.body.code',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
];

/** Builds the Fastify instance with every plugin and route; it never listens. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: {
              // Query strings can carry reset and sign-in codes.
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: req.url.split('?')[0],
                ip: req.ip,
              }),
            },
          },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionError: (err) => app.log.warn({ err }, 'database connection lost outside a query'),
    }));
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  // Order announcements finish after their reply; they still need the database.
  let announcementsSettled = async () => {};
  app.addHook('onClose', async () => {
    await announcementsSettled();
    if (!options.mailer) mailer.close();
    // An unclosed PGlite keeps Node alive, so the app closes what it opened.
    if (ownsDatabase) await database.close();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and toasts set style attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
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
  await app.register(cors, { origin: config.corsOrigin, credentials: false });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      code: ERROR_CODES.rateLimited,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Nivesh API', version: config.version, description: 'Paper trading for Indian markets' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const realtime = new Realtime({
    allowedOrigins: [...new Set([config.corsOrigin, new URL(config.publicUrl).origin])],
    redisUrl: config.redisUrl,
    log: app.log,
  });
  const services = createServices({ db: database.db, config, mailer, log: app.log, live: realtime, now: options.now });
  announcementsSettled = () => services.orders.execution.settled();
  realtime.authenticateWith(services.sessions);
  realtime.attach(app.server);
  app.decorate('realtime', realtime);
  const quoteFeed = new QuoteFeed({ realtime, market: services.market, log: app.log });
  quoteFeed.start();
  app.addHook('onListen', async () => {
    void services.market.warmUp();
  });
  const matcher = new Matcher({
    service: new MatcherService({ db: database.db, market: services.market, execution: services.orders.execution, log: app.log }),
    lock: matcherLockFor(database, app.log),
    intervalMs: config.matcherIntervalMs ?? 1000,
    log: app.log,
  });
  app.decorate('matcher', matcher);
  if (config.matcherIntervalMs !== undefined) matcher.start();
  // Open sockets would keep the HTTP server from closing, so they go first.
  app.addHook('preClose', async () => {
    quoteFeed.stop();
    await matcher.stop();
    await realtime.close();
  });
  await app.register(authenticatePlugin, { sessions: services.sessions });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, version: config.version });
      await api.register(authRoutes, { prefix: '/auth', services, rateLimitPerMinute: config.authRateLimitPerMinute });
      await api.register(usersRoutes, { prefix: '/user', services });
      await api.register(contactRoutes, { prefix: '/contact', services });
      await api.register(notificationsRoutes, { prefix: '/notifications', services });
      await api.register(stocksRoutes, { prefix: '/stocks', services });
      await api.register(liveChartsRoutes, { prefix: '/live-charts', services });
      await api.register(watchlistsRoutes, { prefix: '/watchlist', services });
      await api.register(ordersRoutes, { prefix: '/orders', services });
      await api.register(virtualTradeRoutes, { prefix: '/virtual-money', services });
      await api.register(portfolioRoutes, { prefix: '/portfolio', services });
      await api.register(virtualMoneyRoutes, { prefix: '/virtual-money', services });
      await api.register(rewardsRoutes, { prefix: '/virtual-money', services });
      await api.register(accountRoutes, { prefix: '/virtual-money', services });
      await api.register(performanceRoutes, { prefix: '/portfolio', services });
      await api.register(statsRoutes, { prefix: '/portfolio', services });
      await api.register(transactionsRoutes, { prefix: '/transactions', services });
    },
    { prefix: '/api' },
  );

  const hasWeb = existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/') || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ success: false, code: ERROR_CODES.notFound, message: `Route ${request.method} ${pathname} not found` });
    }
    // History fallback: every other GET is a client-side route of the SPA.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
