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
import { OrdersService } from './modules/trading/orders.service.js';
import { PortfolioService } from './modules/trading/portfolio.service.js';
import { RewardsService } from './modules/trading/rewards.service.js';
import { AccountService } from './modules/trading/account.service.js';
import { TransactionsService } from './modules/trading/transactions.service.js';
import { PerformanceService } from './modules/trading/performance.service.js';
import { StatsService } from './modules/trading/stats.service.js';

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
  orders: OrdersService;
  portfolio: PortfolioService;
  rewards: RewardsService;
  account: AccountService;
  transactions: TransactionsService;
  performance: PerformanceService;
  stats: StatsService;
}

/** The composition root: every service is built once here and handed to the routes. */
export function createServices(deps: {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  live: RealtimePublisher;
  /** The market's clock; tests inject one to move prices and sessions. */
  now?: (() => number) | undefined;
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
  const market = createMarketService(config.market, now, log);
  const google = config.google
    ? new GoogleAuthService({ db, google: config.google, publicUrl: config.publicUrl, auth, log })
    : undefined;
  const rewards = new RewardsService({ db, notifications, live, log, now });
  const portfolio = new PortfolioService({ db, market, rewards });
  return {
    sessions,
    twoFactor,
    auth,
    google,
    users: new UsersService(db),
    contact: new ContactService(db),
    notifications,
    market,
    watchlists: new WatchlistsService(db, market.catalog),
    orders: new OrdersService({ db, market, notifications, live, log }),
    portfolio,
    rewards,
    account: new AccountService({ db, notifications, live, log }),
    transactions: new TransactionsService({ db, market, now }),
    performance: new PerformanceService({ db, market, portfolio, log, now }),
    stats: new StatsService({ db, portfolio, now }),
  };
}
