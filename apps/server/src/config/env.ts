import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { BROKERAGE_PLANS, DEFAULT_BROKERAGE_PLAN, type BrokeragePlan } from '@nivesh/shared';
import { defaultMarketDataDir, defaultWebDist } from '../paths.js';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(p)), `must start with ${protocols.join(' or ')}`)
    .optional();

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
    REDIS_URL: optionalUrl(['redis://', 'rediss://']),
    /**
     * How instances tell each other's sockets about events: `redis` (needs REDIS_URL) or `postgres`
     * (LISTEN/NOTIFY on DATABASE_URL, for an install with no Redis). Unset: Redis when REDIS_URL is
     * set, else one instance alone.
     */
    REALTIME_ADAPTER: z.enum(['redis', 'postgres']).optional(),
    /**
     * Where the PostgreSQL adapter LISTENs, when DATABASE_URL goes through a pooler in transaction
     * mode (PgBouncer), which cannot hold a LISTEN: PostgreSQL itself or a session-mode pool.
     */
    REALTIME_POSTGRES_URL: optionalUrl(['postgres://', 'postgresql://']),
    PUBLIC_URL: z.string().url().optional(),
    CORS_ORIGIN: z.string().optional(),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
    MAIL_FROM: z.string().default('Nivesh <no-reply@nivesh.local>'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default(defaultWebDist),
    TRUST_PROXY: bool.default(false),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
    MARKET_DATA_PROVIDER: z.enum(['simulated', 'yahoo', 'fmp']).default('simulated'),
    // Unset: a random seed stored in the database at first start (see market-seed.ts).
    MARKET_SEED: z.string().min(1).max(100).optional(),
    MARKET_SESSION: z.enum(['always-open', 'nse']).default('always-open'),
    /** discount: 0.1% capped at ₹20 on every trade; zero: ₹0 delivery brokerage (charge-schedules.ts). */
    BROKERAGE_PLAN: z.enum(BROKERAGE_PLANS).default(DEFAULT_BROKERAGE_PLAN),
    MARKET_DATA_DIR: z.string().default(defaultMarketDataDir),
    FMP_API_KEYS: z.string().optional(),
    FMP_BASE_URL: z.string().url().default('https://financialmodelingprep.com'),
    YAHOO_BASE_URL: z.string().url().default('https://query1.finance.yahoo.com'),
    MATCHER_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(10, 'must be at least 10')
      .max(60_000, 'must be at most 60000')
      .default(1000),
    /** RSS/Atom feeds to poll, comma-separated; unset (the offline default) polls nothing. */
    NEWS_FEEDS: z
      .string()
      .optional()
      .refine(
        (v) => !v || v.split(',').every((u) => !u.trim() || /^https?:\/\/\S+$/.test(u.trim())),
        'must be comma-separated http(s) URLs',
      ),
    /**
     * Feeds (and their redirects) may not reach loopback, private, link-local or unique-local
     * addresses; these `host:port` values (comma-separated) are let through, e.g. an intranet feed.
     */
    NEWS_ALLOW_HOSTS: z.string().optional(),
    NEWS_POLL_MINUTES: z.coerce
      .number()
      .int()
      .min(1, 'must be at least 1')
      .max(1440, 'must be at most 1440')
      .default(10),
    SAYTRIX_LLM_BASE_URL: z.string().url().optional(),
    SAYTRIX_LLM_MODEL: z.string().min(1).max(200).optional(),
    SAYTRIX_LLM_API_KEY: z.string().max(500).optional(),
    /** Saytrix requests per user per minute across /api/saytrix/* (60 parallel chats once made 60 model calls). */
    SAYTRIX_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
    SAYTRIX_LLM_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
    /** A request whose headers and body have not all arrived by then is answered 408 and closed. */
    REQUEST_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100, 'must be at least 100')
      .max(600_000, 'must be at most 600000')
      .default(30_000),
    /** A socket that sends nothing for this long is closed (socket.io pings every 25 s, well inside it). */
    CONNECTION_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000, 'must be at least 1000')
      .max(3_600_000, 'must be at most 3600000')
      .default(120_000),
    /** How often live sockets are checked against their session's expiry and idle deadline. */
    SESSION_SWEEP_MS: z.coerce
      .number()
      .int()
      .min(50, 'must be at least 50')
      .max(600_000, 'must be at most 600000')
      .default(15_000),
    /** Client events (quote subscriptions) one socket may send per second; two seconds' worth may burst. */
    REALTIME_EVENTS_PER_SECOND: z.coerce
      .number()
      .int()
      .min(1, 'must be at least 1')
      .max(10_000, 'must be at most 10000')
      .default(20),
    /** Open sockets (tabs) one session may hold per server instance. */
    REALTIME_MAX_SOCKETS_PER_SESSION: z.coerce
      .number()
      .int()
      .min(1, 'must be at least 1')
      .max(1000, 'must be at most 1000')
      .default(20),
    /**
     * The global leaderboard's public listing; unset: on when PUBLIC_URL is localhost/127.0.0.1 (or
     * unset), off for any other address (a public instance lists no one until its operator says so).
     */
    PUBLIC_LEADERBOARD: bool.optional(),
    AGENT_MCP_ENABLED: bool.optional(),
    /** How the UI names the virtual money ("virtual cash", "practice money", …). */
    VIRTUAL_CASH_LABEL: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(40, 'must be at most 40 characters')
      .default('virtual cash'),
  })
  .refine((v) => v.MARKET_DATA_PROVIDER !== 'fmp' || Boolean(v.FMP_API_KEYS?.trim()), {
    path: ['FMP_API_KEYS'],
    message: 'MARKET_DATA_PROVIDER=fmp needs at least one key in FMP_API_KEYS (comma-separated)',
  })
  .refine((v) => !v.SAYTRIX_LLM_BASE_URL || Boolean(v.SAYTRIX_LLM_MODEL), {
    path: ['SAYTRIX_LLM_MODEL'],
    message: 'SAYTRIX_LLM_BASE_URL needs SAYTRIX_LLM_MODEL',
  })
  .refine((v) => v.REALTIME_ADAPTER !== 'redis' || Boolean(v.REDIS_URL), {
    path: ['REALTIME_ADAPTER'],
    message: 'REALTIME_ADAPTER=redis needs REDIS_URL',
  })
  .refine((v) => v.REALTIME_ADAPTER !== 'postgres' || Boolean(v.DATABASE_URL), {
    path: ['REALTIME_ADAPTER'],
    message: 'REALTIME_ADAPTER=postgres needs DATABASE_URL (the embedded database serves one instance)',
  })
  .refine((v) => Boolean(v.GOOGLE_CLIENT_ID) === Boolean(v.GOOGLE_CLIENT_SECRET), {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
  });

export type Env = z.infer<typeof envSchema>;

/** The socket.io adapter across instances and the server it talks through. */
export type RealtimeAdapterConfig = { kind: 'redis' | 'postgres'; url: string };

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * REALTIME_ADAPTER: where instances exchange socket events. Unset (and in test apps): Redis when
   * `redisUrl` is set, else none.
   */
  realtimeAdapter?: RealtimeAdapterConfig | undefined;
  publicUrl: string;
  corsOrigin: string;
  appSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
  authRateLimitPerMinute: number;
  loginMaxFailures: number;
  loginFailureWindowMinutes: number;
  market: {
    provider: Env['MARKET_DATA_PROVIDER'];
    /** MARKET_SEED; undefined means the seed stored in the database (resolved before the market is built). */
    seed: string | undefined;
    session: Env['MARKET_SESSION'];
    dataDir: string;
    fmpApiKeys: string[];
    fmpBaseUrl: string;
    yahooBaseUrl: string;
  };
  version: string;
  /** BROKERAGE_PLAN; the default plan when unset (test apps). */
  brokeragePlan?: BrokeragePlan | undefined;
  /** News feeds and their poll interval; unset (test apps) builds the poller without starting it. */
  news?:
    | {
        feeds: string[];
        pollMinutes: number;
        timeoutMs?: number;
        /** NEWS_ALLOW_HOSTS: `host:port` values a feed may reach though they are private addresses. */
        allowHosts?: string[];
      }
    | undefined;
  /** How often the order matcher runs; unset (test apps) builds it without starting it, for runOnce. */
  matcherIntervalMs?: number | undefined;
  /** An OpenAI-compatible model that phrases Saytrix's answers; unset = fully offline. */
  saytrixLlm?: { baseUrl: string; model: string; apiKey: string; timeoutMs: number } | undefined;
  /** SAYTRIX_RATE_LIMIT_PER_MINUTE: requests per user per minute to /api/saytrix/*; 30 when unset. */
  saytrixRateLimitPerMinute?: number | undefined;
  /** REQUEST_TIMEOUT_MS; 30 s when unset. */
  requestTimeoutMs?: number | undefined;
  /** CONNECTION_TIMEOUT_MS; 120 s when unset. */
  connectionTimeoutMs?: number | undefined;
  /** SESSION_SWEEP_MS; 15 s when unset. */
  sessionSweepMs?: number | undefined;
  /** REALTIME_EVENTS_PER_SECOND; 20 when unset. */
  realtimeEventsPerSecond?: number | undefined;
  /** REALTIME_MAX_SOCKETS_PER_SESSION; 20 when unset. */
  realtimeMaxSocketsPerSession?: number | undefined;
  /** PUBLIC_LEADERBOARD (default by PUBLIC_URL, see isLocalUrl); on when unset (test apps). */
  publicLeaderboard?: boolean | undefined;
  /** VIRTUAL_CASH_LABEL; "virtual cash" when unset. */
  virtualCashLabel?: string | undefined;
  /** AGENT_MCP_ENABLED: the agent sandbox (issue 27); off when unset. */
  agentMcpEnabled?: boolean | undefined;
  /** Calls a minute each agent token may make at /mcp (60 when unset). */
  agentRateLimitPerMinute?: number | undefined;
}

/** Whether a URL points at this machine (localhost, 127.0.0.1, ::1): a private, local instance. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
}

export class EnvError extends Error {}

/** Parses the environment; throws EnvError with one readable line per bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Without APP_SECRET the server makes one and keeps it in DATA_DIR, so encrypted 2FA secrets
 * survive restarts of a local install.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function realtimeAdapter(env: Env): RealtimeAdapterConfig | undefined {
  // The schema's refinements guarantee the URL the chosen adapter needs.
  if (env.REALTIME_ADAPTER === 'postgres')
    return { kind: 'postgres', url: env.REALTIME_POSTGRES_URL ?? env.DATABASE_URL! };
  return env.REDIS_URL ? { kind: 'redis', url: env.REDIS_URL } : undefined;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    realtimeAdapter: realtimeAdapter(env),
    publicUrl,
    corsOrigin: env.CORS_ORIGIN ?? new URL(publicUrl).origin,
    appSecret: env.APP_SECRET ?? loadOrCreateSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.OIDC_ISSUER }
        : undefined,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST),
    trustProxy: env.TRUST_PROXY,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    loginFailureWindowMinutes: env.LOGIN_FAILURE_WINDOW_MINUTES,
    market: {
      provider: env.MARKET_DATA_PROVIDER,
      seed: env.MARKET_SEED,
      session: env.MARKET_SESSION,
      dataDir: path.resolve(env.MARKET_DATA_DIR),
      fmpApiKeys: (env.FMP_API_KEYS ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
      fmpBaseUrl: env.FMP_BASE_URL,
      yahooBaseUrl: env.YAHOO_BASE_URL,
    },
    version: process.env.NIVESH_VERSION ?? '0.1.0',
    brokeragePlan: env.BROKERAGE_PLAN,
    matcherIntervalMs: env.MATCHER_INTERVAL_MS,
    news: {
      feeds: (env.NEWS_FEEDS ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
      pollMinutes: env.NEWS_POLL_MINUTES,
      allowHosts: (env.NEWS_ALLOW_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    },
    saytrixLlm:
      env.SAYTRIX_LLM_BASE_URL && env.SAYTRIX_LLM_MODEL
        ? {
            baseUrl: env.SAYTRIX_LLM_BASE_URL,
            model: env.SAYTRIX_LLM_MODEL,
            apiKey: env.SAYTRIX_LLM_API_KEY ?? 'none',
            timeoutMs: env.SAYTRIX_LLM_TIMEOUT_MS,
          }
        : undefined,
    saytrixRateLimitPerMinute: env.SAYTRIX_RATE_LIMIT_PER_MINUTE,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: env.CONNECTION_TIMEOUT_MS,
    sessionSweepMs: env.SESSION_SWEEP_MS,
    realtimeEventsPerSecond: env.REALTIME_EVENTS_PER_SECOND,
    realtimeMaxSocketsPerSession: env.REALTIME_MAX_SOCKETS_PER_SESSION,
    publicLeaderboard: env.PUBLIC_LEADERBOARD ?? isLocalUrl(publicUrl),
    virtualCashLabel: env.VIRTUAL_CASH_LABEL,
    agentMcpEnabled: env.AGENT_MCP_ENABLED ?? false,
  };
}
