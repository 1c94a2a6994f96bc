import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AlertEvaluator } from '../modules/alerts/alert-evaluator.js';
import type { QuoteFeed } from '../modules/market/quote-feed.js';
import type { MarketService } from '../modules/market/market.service.js';
import type { GttEvaluator } from '../modules/gtt/gtt-evaluator.js';
import type { FeedPoller } from '../modules/news/feed-poller.js';
import type { NewsService } from '../modules/news/news.service.js';
import type { Matcher } from '../modules/orders/matcher.js';
import type { SquareOffJob } from '../modules/orders/square-off-job.js';
import type { SettlementRound } from '../modules/options/expiry-settlement.service.js';
import type { OptionChainFeed } from '../modules/options/option-chain-feed.js';
import type { FoMatchRound } from '../modules/options/fo-matcher.service.js';
import type { FoSquareOffRound } from '../modules/options/fo-square-off.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    matcher: Matcher;
    alertEvaluator: AlertEvaluator;
    gttEvaluator: GttEvaluator;
    newsPoller: FeedPoller;
    squareOff: SquareOffJob;
    classStandings: ClassStandingsJob;
    leaderboardRefresh: LeaderboardRefreshJob;
    expirySettlement: ExpirySettlementJob;
    foOrders: FoOrdersJob;
  }
}

/** A periodic leased job (LeasedRounds) as the plugin and the tests see it. */
export interface PeriodicJob<R> {
  start(): void;
  stop(): Promise<void>;
  runOnce(): Promise<R>;
}
/** The class standings rounds (see ClassStandingsService.refresh). */
export type ClassStandingsJob = PeriodicJob<{ at: number; classes: number; students: number }>;
/** The F&O expiry settlement rounds (see ExpirySettlementService.runOnce). */
export type ExpirySettlementJob = PeriodicJob<SettlementRound>;
/** The F&O rounds: the 15:25 MIS square-off, then the resting limits (see fo-square-off, fo-matcher). */
export type FoOrdersJob = PeriodicJob<{
  at: number;
  squareOff: FoSquareOffRound;
  match: FoMatchRound;
}>;
/** The leaderboard refresh rounds (see LeaderboardService.refreshRound). */
export type LeaderboardRefreshJob = PeriodicJob<{ at: number; refreshed: number }>;

/** The background workers, built with the services by the composition root (services.ts). */
export interface Workers {
  quoteFeed: QuoteFeed;
  matcher: Matcher;
  alertEvaluator: AlertEvaluator;
  gttEvaluator: GttEvaluator;
  newsPoller: FeedPoller;
  /** Cancels resting MIS orders and squares off MIS positions at the intraday cut-off. */
  squareOff: SquareOffJob;
  /** Recomputes every running class's standings, so they change without anyone visiting. */
  classStandings: ClassStandingsJob;
  /** Refreshes leaderboard players in turn, so the global table moves without visits. */
  leaderboardRefresh: LeaderboardRefreshJob;
  /** Live option chains on the quotes' socket (issue 28). */
  optionChainFeed: OptionChainFeed;
  /** Settles F&O positions at 15:30 IST on their expiry day (and catches up on missed ones). */
  expirySettlement: ExpirySettlementJob;
  /** Squares off MIS F&O at 15:25 IST and fills resting F&O limits the bid or ask reaches. */
  foOrders: FoOrdersJob;
}

export interface WorkersOptions {
  workers: Workers;
  /** Warmed and imported once the server listens, before the first reader asks. */
  market: Pick<MarketService, 'warmUp'>;
  news: Pick<NewsService, 'ensureReady'>;
  /** The matcher and alert evaluator run on their own beat only when an interval is configured. */
  runMatcher: boolean;
  /** Feeds are polled only when news is configured, and only by a listening server. */
  pollNews: boolean;
}

/**
 * The one place background work starts and stops. Tests reach the workers through the decorations
 * to run a round by hand. Register this before the realtime plugin: preClose hooks run in
 * registration order, so the workers stop publishing before the sockets close.
 */
export const workersPlugin = fp(
  async (app: FastifyInstance, options: WorkersOptions) => {
    const {
      quoteFeed,
      matcher,
      alertEvaluator,
      gttEvaluator,
      newsPoller,
      squareOff,
      classStandings,
      leaderboardRefresh,
      expirySettlement,
      foOrders,
      optionChainFeed,
    } = options.workers;
    app.decorate('expirySettlement', expirySettlement);
    app.decorate('foOrders', foOrders);
    app.decorate('classStandings', classStandings);
    app.decorate('leaderboardRefresh', leaderboardRefresh);
    app.decorate('matcher', matcher);
    app.decorate('squareOff', squareOff);
    app.decorate('alertEvaluator', alertEvaluator);
    app.decorate('gttEvaluator', gttEvaluator);
    app.decorate('newsPoller', newsPoller);

    app.addHook('onReady', async () => {
      quoteFeed.start();
      optionChainFeed.start();
      if (options.runMatcher) {
        matcher.start();
        // Alerts are checked on the matcher's beat (each second by default), by one instance.
        alertEvaluator.start();
        // GTTs too, under their own lease.
        gttEvaluator.start();
        // The intraday cut-off is checked on the same beat, by whichever instance holds its lease.
        squareOff.start();
        classStandings.start();
        leaderboardRefresh.start();
        expirySettlement.start();
        foOrders.start();
      }
    });
    app.addHook('onListen', async () => {
      void options.market.warmUp();
      // The archive import and the market desk's first notes, before the first reader asks.
      void options.news
        .ensureReady()
        .catch((err: unknown) => app.log.warn({ err }, 'news import failed; retried on the next request'));
      if (options.pollNews) newsPoller.start();
    });
    app.addHook('preClose', async () => {
      quoteFeed.stop();
      optionChainFeed.stop();
      await matcher.stop();
      await alertEvaluator.stop();
      await gttEvaluator.stop();
      await squareOff.stop();
      await classStandings.stop();
      await leaderboardRefresh.stop();
      await expirySettlement.stop();
      await foOrders.stop();
      await newsPoller.stop();
    });
  },
  { name: 'nivesh-workers' },
);
