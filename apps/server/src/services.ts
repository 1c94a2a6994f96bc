import { newsListQuerySchema } from '@nivesh/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.js';
import type { Db } from './db/database.js';
import type { Mailer } from './lib/mailer.js';
import { AuthService } from './modules/auth/auth.service.js';
import { GoogleAuthService } from './modules/auth/google.service.js';
import { SessionsService } from './modules/auth/sessions.service.js';
import { TwoFactorService } from './modules/auth/two-factor.service.js';
import { ContactService } from './modules/contact/contact.service.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { UsersService } from './modules/users/users.service.js';
import { createMarketService } from './modules/market/market.factory.js';
import type { MarketService } from './modules/market/market.service.js';
import type { RealtimePublisher } from './realtime/realtime.js';
import { WatchlistsService } from './modules/watchlists/watchlists.service.js';
import { OrderAnnouncer } from './modules/trading/order-announcer.js';
import { OrderCommandsService } from './modules/trading/order-commands.service.js';
import { OrderExecution } from './modules/trading/order-execution.service.js';
import { OrderIntake } from './modules/trading/order-intake.js';
import { OrderPreviewService } from './modules/trading/order-preview.service.js';
import { OrderQueriesService } from './modules/trading/order-queries.service.js';
import { PortfolioService } from './modules/trading/portfolio.service.js';
import { FillsService } from './modules/trading/fills.service.js';
import { RewardsService } from './modules/trading/rewards.service.js';
import { AccountService } from './modules/trading/account.service.js';
import { TransactionsService } from './modules/trading/transactions.service.js';
import { PerformanceService } from './modules/trading/performance.service.js';
import { StatsService } from './modules/trading/stats.service.js';
import { JournalService } from './modules/journal/journal.service.js';
import { InsightsService } from './modules/insights/insights.service.js';
import { AlertsService } from './modules/alerts/alerts.service.js';
import { NewsService } from './modules/news/news.service.js';
import { defaultNewsDataDir } from './paths.js';
import { SaytrixService } from './modules/saytrix/saytrix.service.js';
import { createSaytrixTools } from './modules/saytrix/saytrix.tools.js';
import { SaytrixLlm } from './modules/saytrix/saytrix.llm.js';
import { LeaderboardService } from './modules/leaderboard/leaderboard.service.js';

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
  news: NewsService;
  saytrix: SaytrixService;
  leaderboard: LeaderboardService;
}

const NO_USER = '00000000-0000-0000-0000-000000000000';

/** The composition root: every service is built once here and handed to the routes. */
export function createServices(deps: {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  live: RealtimePublisher;
  /** The market's clock; tests inject one to move prices and sessions. */
  now?: (() => number) | undefined;
  /** MARKET_SEED, or the seed stored in the database when it is unset. */
  marketSeed: string;
}): AppServices {
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
  const now = deps.now ?? Date.now;
  const market = createMarketService({ ...config.market, seed: deps.marketSeed }, now, log);
  const google = config.google
    ? new GoogleAuthService({ db, google: config.google, publicUrl: config.publicUrl, auth, log })
    : undefined;
  const rewards = new RewardsService({ db, notifications, live, log, now });
  const portfolio = new PortfolioService({ db, market, rewards });
  const fills = new FillsService(db);
  const performance = new PerformanceService({ db, market, portfolio, fills, log, now });
  const users = new UsersService(db, auth);
  const watchlists = new WatchlistsService(db, market.catalog);
  const intake = new OrderIntake(market);
  const orderExecution = new OrderExecution();
  const orderAnnouncer = new OrderAnnouncer({ notifications, live, log });
  const orders = new OrderCommandsService({
    db,
    intake,
    market,
    execution: orderExecution,
    announcer: orderAnnouncer,
  });
  const orderQueries = new OrderQueriesService({ db, market });
  const orderPreview = new OrderPreviewService({ db, intake });
  const transactions = new TransactionsService({ db, market, portfolio, now });
  const news = new NewsService({ db, market, log, now, archiveDir: defaultNewsDataDir });
  const saytrixTools = createSaytrixTools({
    market,
    portfolio,
    orderQueries,
    orderPreview,
    transactions,
    watchlists,
    provider: config.market.provider,
    news: {
      // Headlines only: no user's bookmarks are read, so the nil id stands for "nobody".
      search: async ({ symbol, query, limit }) =>
        query && !symbol
          ? news.search(NO_USER, query, limit)
          : (await news.list(NO_USER, newsListQuerySchema.parse({ ...(symbol ? { symbol } : {}), limit })))
              .data,
    },
  });
  const leaderboard = new LeaderboardService({ db, performance, portfolio, log, now });
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
    orderExecution,
    orderAnnouncer,
    portfolio,
    rewards,
    account: new AccountService({
      db,
      notifications,
      live,
      log,
      beforeReset: (userId) => leaderboard.beforeReset(userId),
    }),
    transactions,
    performance,
    stats: new StatsService({ fills, portfolio, now }),
    journal: new JournalService(db, market.catalog, fills),
    insights: new InsightsService({ db, market, portfolio, performance, fills, log, now }),
    alerts: new AlertsService({ db, market, notifications, users, portfolio, mailer, live, log }),
    news,
    saytrix: new SaytrixService({
      db,
      tools: saytrixTools,
      now,
      llm: config.saytrixLlm ? new SaytrixLlm(config.saytrixLlm) : undefined,
    }),
    leaderboard,
  };
}
