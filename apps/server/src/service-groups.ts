import { newsListQuerySchema } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.js';
import type { Db } from './db/database.js';
import type { Mailer } from './lib/mailer.js';
import { AgentGuard } from './modules/agent/agent-guard.js';
import { AuthService } from './modules/auth/auth.service.js';
import { SessionsService } from './modules/auth/sessions.service.js';
import { TwoFactorService } from './modules/auth/two-factor.service.js';
import type { ClassGuard } from './modules/classes/class-guard.js';
import { ClassAssignmentsService } from './modules/classes/class-assignments.service.js';
import { ClassDepositsService } from './modules/classes/class-deposits.service.js';
import { ClassesService } from './modules/classes/classes.service.js';
import { ClassStandingsService } from './modules/classes/class-standings.service.js';
import type { MarketService } from './modules/market/market.service.js';
import type { NewsService } from './modules/news/news.service.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { FoOrdersService, isDerivativeSymbol } from './modules/options/fo-orders.service.js';
import type { OptionsMarket } from './modules/options/options-market.js';
import type { OrderAnnouncer } from './modules/orders/order-announcer.js';
import { OrderCommandsService } from './modules/orders/order-commands.service.js';
import type { OrderExecution } from './modules/orders/order-execution.service.js';
import type { OrderIntake } from './modules/orders/order-intake.js';
import type { PerformanceService } from './modules/portfolio/performance.service.js';
import type { PortfolioService } from './modules/portfolio/portfolio.service.js';
import type { PortfoliosService } from './modules/portfolios/portfolios.service.js';
import type { ReplayService } from './modules/replay/replay.service.js';
import { createSaytrixTools } from './modules/saytrix/saytrix.tools.js';
import { SaytrixScopes } from './modules/saytrix/saytrix.scope.js';
import { SaytrixLlm } from './modules/saytrix/saytrix.llm.js';
import { SaytrixService } from './modules/saytrix/saytrix.service.js';
import { AccountService } from './modules/ledger/account.service.js';
import type { LeaderboardService } from './modules/leaderboard/leaderboard.service.js';
import type { RealtimePublisher } from './realtime/realtime.js';

/**
 * Groups of services the composition root (services.ts) builds together, each in the order it
 * always had: the helpers only name what a group needs.
 */

const NO_USER = '00000000-0000-0000-0000-000000000000';

/** Notifications and the sign-in services, built first: the rest notify and check sessions. */
export function createAccessServices(deps: {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  live: RealtimePublisher;
}) {
  const { db, config, mailer, log, live } = deps;
  const notifications = new NotificationsService({ db, live, mailer, log });
  const sessions = new SessionsService(db, live);
  const twoFactor = new TwoFactorService(db, config.appSecret);
  const auth = new AuthService({
    db,
    sessions,
    twoFactor,
    notifications,
    mailer,
    log,
    publicUrl: config.publicUrl,
    loginMaxFailures: config.loginMaxFailures,
    loginFailureWindowMs: config.loginFailureWindowMinutes * 60_000,
  });
  return { notifications, sessions, twoFactor, auth };
}

/** The order commands, which hand F&O symbols to the F&O orders and guard every order first. */
export function createOrderCommands(deps: {
  db: Db;
  intake: OrderIntake;
  market: MarketService;
  optionsMarket: OptionsMarket;
  portfolio: PortfolioService;
  performance: PerformanceService;
  classGuard: ClassGuard;
  replays: ReplayService;
  execution: OrderExecution;
  announcer: OrderAnnouncer;
}): OrderCommandsService {
  const { db, intake, market, optionsMarket, portfolio, performance, classGuard, replays } = deps;
  const orderExecution = deps.execution;
  const orderAnnouncer = deps.announcer;
  const foStatus = () => {
    const status = market.status('NSE');
    return { marketOpen: status.marketOpen, label: status.label, session: status.session };
  };
  const foOrders = new FoOrdersService({
    db,
    market: optionsMarket,
    status: foStatus,
    announcer: orderAnnouncer,
  });
  return new OrderCommandsService({
    db,
    intake,
    market,
    derivatives: {
      handles: isDerivativeSymbol,
      place: (who, body, key) => foOrders.place(who, body, key),
      modify: (who, id, body) => foOrders.modify(who, id, body),
    },
    execution: orderExecution,
    announcer: orderAnnouncer,
    replayDesks: replays,
    // An agent portfolio's budget and loss limit first (issue 27), then the class rules.
    guard: new AgentGuard({ db, portfolio, performance, next: classGuard, now: () => market.nowMs() }),
  });
}

/** Classrooms: the classes, their assignments and the standings recomputed on a timer. */
export function createClassServices(deps: {
  db: Db;
  portfolios: PortfoliosService;
  market: MarketService;
  performance: PerformanceService;
  classGuard: ClassGuard;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const { db, portfolios, market, performance, classGuard, log, now } = deps;
  const classes = new ClassesService({ db, portfolios, log, now });
  const classAssignments = new ClassAssignmentsService({ db, classes, catalog: market.catalog, now });
  const classStandings = new ClassStandingsService({
    db,
    classes,
    performance,
    market,
    guard: classGuard,
    deposits: new ClassDepositsService({ db, log, now }),
    assignments: classAssignments,
    log,
    now,
  });
  return { classes, classAssignments, classStandings };
}

type SaytrixToolDeps = Parameters<typeof createSaytrixTools>[0];

/** What Saytrix's tools read, the news among them as headlines only. */
export function saytrixToolDeps(news: NewsService, deps: Omit<SaytrixToolDeps, 'news'>): SaytrixToolDeps {
  return {
    ...deps,
    news: {
      // Headlines only: no user's bookmarks are read, so the nil id stands for "nobody".
      search: async ({ symbol, query, from, origin, limit }) =>
        query && !symbol
          ? news.search(NO_USER, query, limit)
          : (
              await news.list(
                NO_USER,
                newsListQuerySchema.parse({
                  ...(symbol ? { symbol } : {}),
                  ...(from ? { from } : {}),
                  ...(origin ? { origin } : {}),
                  limit,
                }),
              )
            ).data,
    },
  };
}

/** Saytrix: its tools on the live market and main portfolio, other portfolios and replays by scope. */
export function createSaytrix(deps: {
  db: Db;
  now: () => number;
  portfolios: PortfoliosService;
  replays: ReplayService;
  llm: AppConfig['saytrixLlm'];
  tools: SaytrixToolDeps;
}): SaytrixService {
  const { db, now, portfolios, replays } = deps;
  const saytrixDeps = deps.tools;
  const saytrixTools = createSaytrixTools(saytrixDeps);
  return new SaytrixService({
    db,
    tools: saytrixTools,
    now,
    scopes: new SaytrixScopes({
      portfolios,
      replays,
      live: saytrixTools,
      forPortfolio: (who, scope) => createSaytrixTools({ ...saytrixDeps, who, scope }),
    }),
    llm: deps.llm ? new SaytrixLlm(deps.llm) : undefined,
  });
}

/** The account reset (Settings): the leaderboard books it, then main's season closes. */
export function createAccountService(deps: {
  db: Db;
  notifications: NotificationsService;
  live: RealtimePublisher;
  log: FastifyBaseLogger;
  leaderboard: LeaderboardService;
  portfolios: PortfoliosService;
}): AccountService {
  const { db, notifications, live, log, leaderboard, portfolios } = deps;
  return new AccountService({
    db,
    notifications,
    live,
    log,
    beforeReset: (userId) => leaderboard.beforeReset(userId),
    // The Settings reset is main's season reset: it ends main's GTTs and carries its alerts over.
    resetMain: async (userId) => portfolios.reset(userId, (await portfolios.resolve(userId)).portfolioId),
  });
}
