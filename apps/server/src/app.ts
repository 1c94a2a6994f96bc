import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { resolveMarketSeed } from './modules/market/market-seed.js';
import { AlertEvaluator, ALERTS_LOCK_KEY } from './modules/alerts/alert-evaluator.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { Matcher, matcherLockFor } from './modules/trading/matcher.js';
import { MatcherService } from './modules/trading/matcher.service.js';
import { Realtime } from './realtime/realtime.js';
import { watchlistsRoutes } from './modules/watchlists/watchlists.routes.js';
import { journalRoutes } from './modules/journal/journal.routes.js';
import { insightsRoutes } from './modules/insights/insights.routes.js';
import { ordersRoutes, virtualTradeRoutes } from './modules/trading/orders.routes.js';
import { portfolioRoutes, virtualMoneyRoutes } from './modules/trading/portfolio.routes.js';
import { rewardsRoutes } from './modules/trading/rewards.routes.js';
import { accountRoutes } from './modules/trading/account.routes.js';
import { performanceRoutes } from './modules/trading/performance.routes.js';
import { statsRoutes } from './modules/trading/stats.routes.js';
import { transactionsRoutes } from './modules/trading/transactions.routes.js';
import { newsRoutes } from './modules/news/news.routes.js';
import { FeedPoller, newsLockFor } from './modules/news/feed-poller.js';
import { saytrixRoutes } from './modules/saytrix/saytrix.routes.js';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.js';
import { authenticatePlugin } from './plugins/authenticate.js';
import { docsPlugin } from './plugins/docs.js';
import { frameworkErrors, registerErrorHandling } from './plugins/error-handler.js';
import { realtimePlugin } from './plugins/realtime.js';
import { DEFAULT_SOCKET_LIMITS } from './realtime/socket-limits.js';
import { securityPlugin } from './plugins/security.js';
import { spaPlugin } from './plugins/spa.js';
import { createServices } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    matcher: Matcher;
    alertEvaluator: AlertEvaluator;
    newsPoller: FeedPoller;
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

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_CONNECTION_TIMEOUT_MS = 120_000;

/** Builds the Fastify instance with every plugin and route; it never listens. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const requestTimeout = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
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
    frameworkErrors,
    bodyLimit: 256 * 1024,
    // Without these a client that never finishes its body holds a socket open for ever.
    requestTimeout,
    connectionTimeout: config.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS,
    // Node checks the request deadline on this interval (30 s by default), so a short timeout needs
    // a shorter one; and it enforces neither deadline while headersTimeout exceeds requestTimeout.
    http: {
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestTimeout / 4))),
      headersTimeout: Math.min(60_000, requestTimeout),
    },
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
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  // Order announcements finish after their reply; they still need the database.
  let announcementsSettled = async () => {};
  app.addHook('onClose', async () => {
    await announcementsSettled();
    if (!options.mailer) mailer.close();
    // An unclosed PGlite keeps Node alive, so the app closes what it opened.
    if (ownsDatabase) await database.close();
  });

  await app.register(securityPlugin, { corsOrigin: config.corsOrigin, redisUrl: config.redisUrl });
  // JSON answers above one packet are compressed (a 1D chart is ~128 KB raw); the built assets
  // are precompressed at build time and sent as they are by the static plugin below.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(docsPlugin, { version: config.version });

  const realtime = new Realtime({
    allowedOrigins: [...new Set([config.corsOrigin, new URL(config.publicUrl).origin])],
    redisUrl: config.redisUrl,
    log: app.log,
    limits: {
      eventsPerSecond: config.realtimeEventsPerSecond ?? DEFAULT_SOCKET_LIMITS.eventsPerSecond,
      socketsPerSession: config.realtimeMaxSocketsPerSession ?? DEFAULT_SOCKET_LIMITS.socketsPerSession,
    },
  });
  // The simulator is built with the services, so the stored seed must be known first.
  const marketSeed = config.market.seed ?? (await resolveMarketSeed(database.db));
  const services = createServices({
    db: database.db,
    config,
    mailer,
    log: app.log,
    live: realtime,
    now: options.now,
    marketSeed,
  });
  announcementsSettled = () => services.orderAnnouncer.settled();
  const quoteFeed = new QuoteFeed({ realtime, market: services.market, log: app.log });
  quoteFeed.start();
  app.addHook('onListen', async () => {
    void services.market.warmUp();
    // The archive import and the market desk's first notes, before the first reader asks.
    void services.news
      .ensureReady()
      .catch((err: unknown) => app.log.warn({ err }, 'news import failed; retried on the next request'));
  });
  const matcher = new Matcher({
    service: new MatcherService({
      db: database.db,
      market: services.market,
      execution: services.orderExecution,
      announcer: services.orderAnnouncer,
      log: app.log,
    }),
    lock: matcherLockFor(database, app.log),
    intervalMs: config.matcherIntervalMs ?? 1000,
    log: app.log,
  });
  app.decorate('matcher', matcher);
  if (config.matcherIntervalMs !== undefined) matcher.start();
  // Alerts are checked on the matcher's beat (each second by default), by one instance.
  const alertEvaluator = new AlertEvaluator({
    service: services.alerts,
    lock: matcherLockFor(database, app.log, ALERTS_LOCK_KEY, 'price alert checks'),
    intervalMs: config.matcherIntervalMs ?? 1000,
    log: app.log,
  });
  app.decorate('alertEvaluator', alertEvaluator);
  if (config.matcherIntervalMs !== undefined) alertEvaluator.start();
  const newsPoller = new FeedPoller({
    db: database.db,
    news: services.news,
    notifications: services.notifications,
    feeds: config.news?.feeds ?? [],
    intervalMs: (config.news?.pollMinutes ?? 10) * 60_000,
    lock: newsLockFor(database, app.log),
    log: app.log,
    timeoutMs: config.news?.timeoutMs,
    allowHosts: config.news?.allowHosts,
  });
  app.decorate('newsPoller', newsPoller);
  if (config.news) app.addHook('onListen', async () => newsPoller.start());
  // The workers stop publishing before the realtime plugin (registered next) closes the sockets.
  app.addHook('preClose', async () => {
    quoteFeed.stop();
    await matcher.stop();
    await alertEvaluator.stop();
    await newsPoller.stop();
  });
  await app.register(realtimePlugin, {
    realtime,
    sessions: services.sessions,
    sessionSweepMs: config.sessionSweepMs ?? 15_000,
  });
  await app.register(authenticatePlugin, { sessions: services.sessions });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, version: config.version });
      await api.register(authRoutes, {
        prefix: '/auth',
        services,
        rateLimitPerMinute: config.authRateLimitPerMinute,
      });
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
      await api.register(journalRoutes, { prefix: '/trades', services });
      await api.register(insightsRoutes, { prefix: '/insights', services });
      await api.register(alertsRoutes, { prefix: '/alerts', services });
      await api.register(newsRoutes, { prefix: '/news', services });
      await api.register(saytrixRoutes, { prefix: '/saytrix', services });
      await api.register(leaderboardRoutes, { prefix: '/leaderboard', services });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { webDist: config.webDist });

  return app;
}
