import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import { openDatabase, type Database } from './db/database.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { instanceRoutes } from './modules/instance/instance.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { liveChartsRoutes, stocksRoutes } from './modules/market/market.routes.js';
import { resolveMarketSeed } from './modules/market/market-seed.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { gttRoutes } from './modules/gtt/gtt.routes.js';
import { Realtime } from './realtime/realtime.js';
import { watchlistsRoutes } from './modules/watchlists/watchlists.routes.js';
import { journalRoutes } from './modules/journal/journal.routes.js';
import { insightsRoutes } from './modules/insights/insights.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { portfoliosRoutes } from './modules/portfolios/portfolios.routes.js';
import { ordersCompatRoutes } from './modules/orders/orders.compat.routes.js';
import { chargesRoutes } from './modules/orders/charges.routes.js';
import { portfolioAccountRoutes, portfolioRoutes } from './modules/portfolio/portfolio.routes.js';
import { portfolioCompatRoutes } from './modules/portfolio/portfolio.compat.routes.js';
import { performanceRoutes } from './modules/portfolio/performance.routes.js';
import { statsRoutes } from './modules/portfolio/stats.routes.js';
import { rewardsRoutes } from './modules/ledger/rewards.routes.js';
import { accountRoutes } from './modules/ledger/account.routes.js';
import { transactionsRoutes } from './modules/ledger/transactions.routes.js';
import { ledgerCompatRoutes } from './modules/ledger/ledger.compat.routes.js';
import { newsRoutes } from './modules/news/news.routes.js';
import { saytrixRoutes } from './modules/saytrix/saytrix.routes.js';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { replayRoutes } from './modules/replay/replay.routes.js';
import { classesRoutes } from './modules/classes/classes.routes.js';
import { classStudentsRoutes } from './modules/classes/class-students.routes.js';
import { classAssignmentsRoutes } from './modules/classes/class-assignments.routes.js';
import { agentRoutes } from './modules/agent/agent.routes.js';
import { agentMcpRoutes } from './modules/agent/agent-mcp.routes.js';
import { optionsRoutes } from './modules/options/options.routes.js';
import { authenticatePlugin } from './plugins/authenticate.js';
import { docsPlugin } from './plugins/docs.js';
import { frameworkErrors, registerErrorHandling } from './plugins/error-handler.js';
import { realtimePlugin } from './plugins/realtime.js';
import { DEFAULT_SOCKET_LIMITS } from './realtime/socket-limits.js';
import { securityPlugin } from './plugins/security.js';
import { spaPlugin } from './plugins/spa.js';
import { workersPlugin } from './plugins/workers.js';
import { createServices, createWorkers } from './services.js';

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
    adapter:
      config.realtimeAdapter ?? (config.redisUrl ? { kind: 'redis', url: config.redisUrl } : undefined),
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
  // Registered before the realtime plugin, so the workers stop publishing before the sockets close.
  await app.register(workersPlugin, {
    workers: createWorkers({ database, config, services, realtime, log: app.log }),
    market: services.market,
    news: services.news,
    runMatcher: config.matcherIntervalMs !== undefined,
    pollNews: Boolean(config.news),
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
      await api.register(instanceRoutes, {
        settings: {
          publicLeaderboard: config.publicLeaderboard ?? true,
          virtualCashLabel: config.virtualCashLabel ?? 'virtual cash',
          agentSandbox: config.agentMcpEnabled ?? false,
        },
      });
      const {
        auth,
        sessions,
        twoFactor,
        google,
        users,
        contact,
        notifications,
        market,
        watchlists,
        orders,
        orderQueries,
        orderPreview,
        charges,
        portfolio,
        rewards,
        account,
        transactions,
        performance,
        stats,
        journal,
        insights,
        alerts,
        gtt,
        news,
        saytrix,
        leaderboard,
        reports,
        replays,
        portfolios,
        classes,
        classStandings,
        classStudents,
        classAssignments,
      } = services;
      await api.register(authRoutes, {
        prefix: '/auth',
        services: { auth, sessions, twoFactor, google, users },
        rateLimitPerMinute: config.authRateLimitPerMinute,
      });
      await api.register(usersRoutes, { prefix: '/user', services: { users } });
      await api.register(contactRoutes, { prefix: '/contact', services: { contact } });
      await api.register(notificationsRoutes, { prefix: '/notifications', services: { notifications } });
      await api.register(stocksRoutes, { prefix: '/stocks', services: { market, replays } });
      await api.register(liveChartsRoutes, { prefix: '/live-charts', services: { market, replays } });
      await api.register(replayRoutes, { prefix: '/replays', services: { replays } });
      await api.register(watchlistsRoutes, { prefix: '/watchlist', services: { watchlists } });
      // Orders, portfolio and ledger each own a prefix; their compat plugins answer the spec's
      // older paths (/api/virtual-money/*, /api/transactions) with the same handlers.
      await api.register(ordersRoutes, {
        prefix: '/orders',
        services: { orders, orderQueries, orderPreview, portfolios },
      });
      await api.register(ordersCompatRoutes, { services: { orders, portfolios } });
      await api.register(portfoliosRoutes, { prefix: '/portfolios', services: { portfolios } });
      await api.register(classesRoutes, { prefix: '/classes', services: { classes, classStandings } });
      await api.register(classStudentsRoutes, { prefix: '/classes', services: { classStudents } });
      await api.register(classAssignmentsRoutes, { prefix: '/classes', services: { classAssignments } });
      await api.register(chargesRoutes, { prefix: '/charges', services: { charges } });
      await api.register(portfolioRoutes, { prefix: '/portfolio', services: { portfolio, portfolios } });
      await api.register(portfolioAccountRoutes, {
        prefix: '/portfolio',
        services: { portfolio, portfolios },
      });
      await api.register(performanceRoutes, { prefix: '/portfolio', services: { performance, portfolios } });
      await api.register(statsRoutes, { prefix: '/portfolio', services: { stats, portfolios } });
      await api.register(portfolioCompatRoutes, { services: { portfolio, portfolios } });
      await api.register(rewardsRoutes, { prefix: '/ledger', services: { rewards } });
      await api.register(accountRoutes, { prefix: '/ledger', services: { account } });
      await api.register(transactionsRoutes, {
        prefix: '/ledger/transactions',
        services: { transactions, portfolios },
      });
      await api.register(ledgerCompatRoutes, { services: { rewards, account, transactions, portfolios } });
      await api.register(journalRoutes, { prefix: '/trades', services: { journal, portfolios } });
      await api.register(insightsRoutes, { prefix: '/insights', services: { insights, portfolios } });
      await api.register(alertsRoutes, { prefix: '/alerts', services: { alerts, portfolios } });
      await api.register(gttRoutes, { prefix: '/gtt', services: { gtt, portfolios } });
      await api.register(newsRoutes, { prefix: '/news', services: { news } });
      await api.register(optionsRoutes, {
        prefix: '/options',
        services: { options: services.options, portfolios },
      });
      await api.register(saytrixRoutes, {
        prefix: '/saytrix',
        services: { saytrix },
        rateLimitPerMinute: config.saytrixRateLimitPerMinute ?? 30,
      });
      await api.register(leaderboardRoutes, { prefix: '/leaderboard', services: { leaderboard } });
      await api.register(reportsRoutes, { prefix: '/reports', services: { reports, portfolios } });
      // Off unless AGENT_MCP_ENABLED: then /api/agent/* does not exist (404), like /mcp.
      if (config.agentMcpEnabled)
        await api.register(agentRoutes, { prefix: '/agent', services: services.agent });
    },
    { prefix: '/api' },
  );

  if (config.agentMcpEnabled) {
    const { agent, orders, orderQueries, gtt, market, news, alerts, portfolio } = services;
    await app.register(agentMcpRoutes, {
      tokens: agent.agentTokens,
      audit: agent.agentAudit,
      deps: {
        ...{ orders, orderQueries, gtt, market, news, alerts, portfolio },
        fills: agent.fills,
        approvals: agent.agentApprovals,
      },
      version: config.version,
      rateLimitPerMinute: config.agentRateLimitPerMinute,
    });
  }

  await app.register(spaPlugin, { webDist: config.webDist });

  return app;
}
