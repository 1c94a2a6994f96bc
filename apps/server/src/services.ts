import { DEFAULT_BROKERAGE_PLAN } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.js';
import type { Database, Db } from './db/database.js';
import { JobLease, LEASES, leaseTtlMs } from './db/lease.js';
import { LeasedRounds } from './db/leased-rounds.js';
import type { Mailer } from './lib/mailer.js';
import type { AuthService } from './modules/auth/auth.service.js';
import { GoogleAuthService } from './modules/auth/google.service.js';
import type { SessionsService } from './modules/auth/sessions.service.js';
import type { TwoFactorService } from './modules/auth/two-factor.service.js';
import { ContactService } from './modules/contact/contact.service.js';
import type { NotificationsService } from './modules/notifications/notifications.service.js';
import { UsersService } from './modules/users/users.service.js';
import { createMarketService } from './modules/market/market.factory.js';
import type { MarketService } from './modules/market/market.service.js';
import { QuoteFeed } from './modules/market/quote-feed.js';
import type { Realtime, RealtimePublisher } from './realtime/realtime.js';
import type { Workers } from './plugins/workers.js';
import { Matcher } from './modules/orders/matcher.js';
import { SquareOffService } from './modules/orders/square-off.service.js';
import { MatcherService } from './modules/orders/matcher.service.js';
import { GttService } from './modules/gtt/gtt.service.js';
import { ReplayService } from './modules/replay/replay.service.js';
import { ReplayTrading } from './modules/replay/replay-trading.js';
import { GttTriggersService } from './modules/gtt/gtt-triggers.service.js';
import { FeedPoller } from './modules/news/feed-poller.js';
import { WatchlistsService } from './modules/watchlists/watchlists.service.js';
import { OrderAnnouncer } from './modules/orders/order-announcer.js';
import { ChargesService } from './modules/orders/charges.service.js';
import type { SaytrixService } from './modules/saytrix/saytrix.service.js';
import type { OrderCommandsService } from './modules/orders/order-commands.service.js';
import {
  createAccessServices,
  createAccountService,
  createClassServices,
  createOrderCommands,
  createSaytrix,
  saytrixToolDeps,
} from './service-groups.js';
import { OrderExecution } from './modules/orders/order-execution.service.js';
import { OrderIntake } from './modules/orders/order-intake.js';
import { OrderPreviewService } from './modules/orders/order-preview.service.js';
import { OrderQueriesService } from './modules/orders/order-queries.service.js';
import { PortfolioService } from './modules/portfolio/portfolio.service.js';
import { RewardsService } from './modules/ledger/rewards.service.js';
import type { AccountService } from './modules/ledger/account.service.js';
import { TransactionsService } from './modules/ledger/transactions.service.js';
import { PerformanceService } from './modules/portfolio/performance.service.js';
import { StatsService } from './modules/portfolio/stats.service.js';
import { FillsService } from './modules/portfolio/fills.service.js';
import { JournalService } from './modules/journal/journal.service.js';
import { InsightsService } from './modules/insights/insights.service.js';
import { AlertsService } from './modules/alerts/alerts.service.js';
import { NewsService } from './modules/news/news.service.js';
import { defaultNewsDataDir } from './paths.js';
import { LeaderboardService } from './modules/leaderboard/leaderboard.service.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { PortfoliosService } from './modules/portfolios/portfolios.service.js';
import type { ClassesService } from './modules/classes/classes.service.js';
import { ClassGuard } from './modules/classes/class-guard.js';
import type { ClassStandingsService } from './modules/classes/class-standings.service.js';
import { ClassStudentsService } from './modules/classes/class-students.service.js';
import type { ClassAssignmentsService } from './modules/classes/class-assignments.service.js';
import { createAgentServices, type AgentServices } from './modules/agent/agent.services.js';
import { OptionsMarket } from './modules/options/options-market.js';
import { OptionsService } from './modules/options/options.service.js';
import { ExpirySettlementService } from './modules/options/expiry-settlement.service.js';
import { FoMatcherService } from './modules/options/fo-matcher.service.js';
import { FoSquareOffService } from './modules/options/fo-square-off.service.js';
import { OptionChainFeed } from './modules/options/option-chain-feed.js';

export interface AppServices {
  sessions: SessionsService;
  twoFactor: TwoFactorService;
  auth: AuthService;
  google: GoogleAuthService | undefined;
  users: UsersService;
  contact: ContactService;
  notifications: NotificationsService;
  market: MarketService;
  watchlists: WatchlistsService;
  orders: OrderCommandsService;
  orderQueries: OrderQueriesService;
  orderPreview: OrderPreviewService;
  charges: ChargesService;
  /** The writers the matcher shares with the order commands, so both fill and release alike. */
  orderExecution: OrderExecution;
  orderAnnouncer: OrderAnnouncer;
  portfolio: PortfolioService;
  rewards: RewardsService;
  account: AccountService;
  transactions: TransactionsService;
  performance: PerformanceService;
  stats: StatsService;
  journal: JournalService;
  insights: InsightsService;
  alerts: AlertsService;
  gtt: GttService;
  news: NewsService;
  saytrix: SaytrixService;
  leaderboard: LeaderboardService;
  reports: ReportsService;
  replays: ReplayService;
  portfolios: PortfoliosService;
  classes: ClassesService;
  classStandings: ClassStandingsService;
  classStudents: ClassStudentsService;
  classAssignments: ClassAssignmentsService;
  /** The agent sandbox (issue 27); its routes are registered only when AGENT_MCP_ENABLED. */
  agent: AgentServices;
  /** The Options Lab (issue 28): the simulated F&O market and its reads. */
  optionsMarket: OptionsMarket;
  options: OptionsService;
}

/** How often the class standings are recomputed. */
const CLASS_STANDINGS_INTERVAL_MS = 60_000;
/** How often a batch of leaderboard players is refreshed (see LeaderboardService.refreshRound). */
const LEADERBOARD_REFRESH_INTERVAL_MS = 60_000;
/** How often open F&O positions are checked for a passed expiry (15:30 IST on the expiry day). */
const FO_SETTLEMENT_INTERVAL_MS = 30_000;

/** What the composition root is built from. */
export interface ServicesDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  live: RealtimePublisher;
  /** The market's clock; tests inject one to move prices and sessions. */
  now?: (() => number) | undefined;
  /** MARKET_SEED, or the seed stored in the database when it is unset. */
  marketSeed: string;
}

/**
 * The composition root: every service is built once here, and `createWorkers` below builds the
 * background workers on them; app.ts hands each route plugin the services it names.
 */
export function createServices(deps: ServicesDeps): AppServices {
  const { db, config, mailer, log, live } = deps;
  const { notifications, sessions, twoFactor, auth } = createAccessServices({
    db,
    config,
    mailer,
    log,
    live,
  });
  const now = deps.now ?? Date.now;
  const market = createMarketService({ ...config.market, seed: deps.marketSeed }, now, log);
  const google = config.google
    ? new GoogleAuthService({ db, google: config.google, publicUrl: config.publicUrl, auth, log })
    : undefined;
  const rewards = new RewardsService({ db, notifications, live, log, now });
  // The Options Lab's market and reads come first: every portfolio figure counts its F&O positions.
  const optionsMarket = new OptionsMarket(market);
  const options = new OptionsService({ db, market: optionsMarket });
  const portfolio = new PortfolioService({
    db,
    market,
    rewards,
    derivatives: (accountId, db) => options.figures(accountId, db),
  });
  const fills = new FillsService(db);
  const performance = new PerformanceService({
    db,
    market,
    portfolio,
    fills,
    log,
    now,
    derivativesAt: (open, ms) => options.valueAt(open, ms),
  });
  const users = new UsersService(db, auth);
  const watchlists = new WatchlistsService(db, market.catalog);
  const intake = new OrderIntake(market);
  const brokeragePlan = config.brokeragePlan ?? DEFAULT_BROKERAGE_PLAN;
  const orderExecution = new OrderExecution({ plan: brokeragePlan });
  const orderAnnouncer = new OrderAnnouncer({ notifications, live, log });
  const portfolios = new PortfoliosService({
    db,
    portfolio,
    execution: orderExecution,
    announcer: orderAnnouncer,
    now: () => new Date(market.nowMs()),
    sealed: (portfolioId) => replays.sealed(portfolioId),
    unfinished: (portfolioId) => replays.unfinished(portfolioId),
  });
  // Replays read the bundled history on their own clock; wall time (not the market's) moves it.
  // Their portfolios trade there, quietly (see OrderExecution.quiet).
  const replays = new ReplayService({
    db,
    dataDir: config.market.dataDir,
    seed: deps.marketSeed,
    now: deps.now,
    trading: new ReplayTrading({ db, execution: orderExecution.quiet(), announcer: orderAnnouncer.quiet() }),
  });
  const journal = new JournalService(db, market.catalog, fills);
  // Class rules refuse an order of a class portfolio before anything is reserved (issue 26).
  const classGuard = new ClassGuard({ db, portfolio, journal, log, now: () => market.nowMs() });
  const orders = createOrderCommands({
    ...{ db, intake, market, optionsMarket, portfolio, performance, classGuard, replays },
    execution: orderExecution,
    announcer: orderAnnouncer,
  });
  const orderQueries = new OrderQueriesService({ db, market });
  const orderPreview = new OrderPreviewService({ db, intake, execution: orderExecution });
  const transactions = new TransactionsService({ db, market, portfolio, now });
  const news = new NewsService({ db, market, log, now, archiveDir: defaultNewsDataDir });
  const leaderboard = new LeaderboardService({
    db,
    performance,
    portfolio,
    log,
    now,
    publicListing: config.publicLeaderboard ?? true,
  });
  const gtt = new GttService({ db, market, portfolio, replayDesks: replays });
  const insights = new InsightsService({ db, market, portfolio, performance, fills, log, now });
  const { classes, classAssignments, classStandings } = createClassServices({
    ...{ db, portfolios, market, performance, classGuard, log, now },
  });
  const alerts = new AlertsService({
    db,
    market,
    notifications,
    users,
    portfolio,
    mailer,
    live,
    log,
    replayDesks: replays,
  });
  const saytrix = createSaytrix({
    ...{ db, now, portfolios, replays, llm: config.saytrixLlm },
    tools: saytrixToolDeps(news, {
      ...{ market, portfolio, orderQueries, orderPreview, transactions, watchlists, alerts },
      ...{ gtt, journal, fills, insights, leaderboard },
      provider: config.market.provider,
      options,
    }),
  });
  return {
    sessions,
    twoFactor,
    auth,
    google,
    users,
    contact: new ContactService(db),
    notifications,
    market,
    watchlists,
    orders,
    orderQueries,
    orderPreview,
    charges: new ChargesService({ plan: brokeragePlan, now: market.nowMs.bind(market) }),
    orderExecution,
    orderAnnouncer,
    portfolio,
    rewards,
    account: createAccountService({ db, notifications, live, log, leaderboard, portfolios }),
    transactions,
    performance,
    stats: new StatsService({ fills, portfolio, now }),
    journal,
    insights,
    alerts,
    gtt,
    news,
    saytrix,
    leaderboard,
    reports: new ReportsService({ fills, now }),
    replays,
    portfolios,
    classes,
    classStandings,
    classStudents: new ClassStudentsService({ db, classes, insights, portfolio, fills, gtt }),
    classAssignments,
    agent: createAgentServices({ db, portfolios, orders, gtt, notifications, fills, performance }),
    optionsMarket,
    options,
  };
}

/** The background workers on the services; the workers plugin starts and stops them. */
export function createWorkers(deps: {
  database: Database;
  config: AppConfig;
  services: AppServices;
  realtime: Realtime;
  log: FastifyBaseLogger;
}): Workers {
  const { database, config, services, realtime, log } = deps;
  const intervalMs = config.matcherIntervalMs ?? 1000;
  const newsIntervalMs = (config.news?.pollMinutes ?? 10) * 60_000;
  // Each background job runs on the one instance holding its lease, which lives two intervals.
  const leaseFor = (name: string, everyMs: number, role: string) =>
    new JobLease({ db: database.db, name, ttlMs: leaseTtlMs(everyMs), log, role });
  const gttTriggers = new GttTriggersService({
    db: database.db,
    market: services.market,
    orders: services.orders,
    notifications: services.notifications,
    log,
  });
  const squareOffService = new SquareOffService({
    db: database.db,
    market: services.market,
    execution: services.orderExecution,
    announcer: services.orderAnnouncer,
    log,
  });
  const foSettlement = new ExpirySettlementService({ db: database.db, market: services.optionsMarket, log });
  const foRoundDeps = {
    db: database.db,
    market: services.optionsMarket,
    announcer: services.orderAnnouncer,
    execution: services.orderExecution,
    log,
    status: () => {
      const status = services.market.status('NSE');
      return { marketOpen: status.marketOpen, label: status.label, session: status.session };
    },
  };
  const foSquareOff = new FoSquareOffService(foRoundDeps);
  const foMatcher = new FoMatcherService(foRoundDeps);
  return {
    quoteFeed: new QuoteFeed({ realtime, market: services.market, log }),
    optionChainFeed: new OptionChainFeed({ realtime, market: services.optionsMarket, log }),
    matcher: new Matcher({
      service: new MatcherService({
        db: database.db,
        market: services.market,
        execution: services.orderExecution,
        announcer: services.orderAnnouncer,
        log,
      }),
      lock: leaseFor(LEASES.matcher, intervalMs, 'order matcher'),
      intervalMs,
      log,
    }),
    // The intraday cut-off on the same beat, under its own lease; rounds are idempotent.
    squareOff: new LeasedRounds({
      check: (_sinceMs, fence) => squareOffService.runOnce({ fence }),
      lock: leaseFor(LEASES.squareOff, intervalMs, 'intraday square-off'),
      intervalMs,
      log,
      role: 'intraday square-off',
    }),
    alertEvaluator: new LeasedRounds({
      check: (sinceMs, fence) => services.alerts.evaluate(sinceMs, fence),
      lock: leaseFor(LEASES.alerts, intervalMs, 'price alert checks'),
      intervalMs,
      log,
      role: 'alert check',
    }),
    // Class standings once a minute under their own lease: computed without anyone visiting.
    classStandings: new LeasedRounds({
      check: () => services.classStandings.refresh(),
      lock: leaseFor(LEASES.classStandings, CLASS_STANDINGS_INTERVAL_MS, 'class standings'),
      intervalMs: CLASS_STANDINGS_INTERVAL_MS,
      log,
      role: 'class standings',
    }),
    // The global leaderboard's players brought up to date in turn, so it moves without visits.
    leaderboardRefresh: new LeasedRounds({
      check: () => services.leaderboard.refreshRound(),
      lock: leaseFor(LEASES.leaderboardRefresh, LEADERBOARD_REFRESH_INTERVAL_MS, 'leaderboard refresh'),
      intervalMs: LEADERBOARD_REFRESH_INTERVAL_MS,
      log,
      role: 'leaderboard refresh',
    }),
    // F&O expiry settlement under its own lease; idempotent rounds that catch up on missed expiries.
    expirySettlement: new LeasedRounds({
      check: (_sinceMs, fence) => foSettlement.runOnce({ fence }),
      lock: leaseFor(LEASES.foExpirySettlement, FO_SETTLEMENT_INTERVAL_MS, 'F&O expiry settlement'),
      intervalMs: FO_SETTLEMENT_INTERVAL_MS,
      log,
      role: 'F&O expiry settlement',
    }),
    // F&O on the matcher's beat under one lease: the 15:25 MIS square-off first (so a resting MIS
    // limit is cancelled, not filled, past the cut-off), then the resting limits.
    foOrders: new LeasedRounds({
      check: async (_sinceMs, fence) => ({
        at: services.market.nowMs(),
        squareOff: await foSquareOff.runOnce({ fence }),
        match: await foMatcher.runOnce({ fence }),
      }),
      lock: leaseFor(LEASES.foOrders, intervalMs, 'F&O orders'),
      intervalMs,
      log,
      role: 'F&O orders',
    }),
    // GTTs on the same beat under their own lease (see gtt-evaluator.ts).
    gttEvaluator: new LeasedRounds({
      check: (sinceMs, fence) => gttTriggers.evaluate(sinceMs, fence),
      lock: leaseFor(LEASES.gtt, intervalMs, 'GTT checks'),
      intervalMs,
      log,
      role: 'GTT check',
    }),
    newsPoller: new FeedPoller({
      db: database.db,
      news: services.news,
      notifications: services.notifications,
      feeds: config.news?.feeds ?? [],
      intervalMs: newsIntervalMs,
      lock: leaseFor(LEASES.news, newsIntervalMs, 'news poller'),
      log,
      timeoutMs: config.news?.timeoutMs,
      allowHosts: config.news?.allowHosts,
    }),
  };
}
