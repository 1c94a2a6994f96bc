import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import { openDatabase, type Database } from './db/database.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { resolveMarketSeed } from './modules/market/market-seed.js';
import { Realtime } from './realtime/realtime.js';
import { apiRoutes } from './api-routes.js';
import { agentMcpRoutes } from './modules/agent/agent-mcp.routes.js';
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

  await app.register(apiRoutes, { prefix: '/api', services, config, database });

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
