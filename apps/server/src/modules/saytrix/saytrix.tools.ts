import {
  gttListQuerySchema,
  journalListQuerySchema,
  leaderboardQuerySchema,
  orderListQuerySchema,
  sma,
  type Alert,
  type Gtt,
  type Habits,
  type JournalEntry,
  type Leaderboard,
  transactionQuerySchema,
  type Holding,
  type Instrument,
  type MarketStatus,
  type Order,
  type OrderPreview,
  type PortfolioSummary,
  type PreviewOrderRequest,
  type Quote,
  type SaytrixScope,
  type Transaction,
  type TransactionSummary,
  type VirtualAccount,
  type Watchlist,
  type DerivativePosition,
  type OptionChain,
  type OptionExpiriesResponse,
  type Underlying,
} from '@nivesh/shared';
import type { AccountRef } from '../../db/account-id.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { GttService } from '../gtt/gtt.service.js';
import type { InsightsService } from '../insights/insights.service.js';
import type { JournalService } from '../journal/journal.service.js';
import type { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import type { MarketService } from '../market/market.service.js';
import type { FillRecord, FillsService } from '../portfolio/fills.service.js';
import type { OrderPreviewService } from '../orders/order-preview.service.js';
import type { OrderQueriesService } from '../orders/order-queries.service.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import type { TransactionsService } from '../ledger/transactions.service.js';
import type { WatchlistsService } from '../watchlists/watchlists.service.js';

/** A headline as the news store serves it; only what Saytrix reads. */
export interface SaytrixNewsItem {
  title: string;
  source: string;
  url?: string | null;
  publishedAt: string;
  symbols?: string[];
}

/** Where news comes from once the news module is wired; absent means "news is not available". */
export interface SaytrixNewsSource {
  /** `from`: an IST date (YYYY-MM-DD), items published that day or later; `origin: 'desk'`: market-desk notes only. */
  search(query: {
    symbol?: string;
    query?: string;
    from?: string;
    origin?: 'desk';
    limit: number;
  }): Promise<SaytrixNewsItem[]>;
}

/**
 * Everything Saytrix may read. Each figure it states comes from one of these calls, which are the
 * same services the app's own endpoints use, so the chat and the screens agree.
 */
export interface SaytrixTools {
  /** Named in every reply's as-of line: "simulated market" for the offline simulator. */
  source: string;
  /** What the answers are about when it is not Main: a custom portfolio, or a replay. */
  scope?: SaytrixScope | undefined;
  instruments(): readonly Instrument[];
  quote(symbol: string): Promise<Quote>;
  quotes(symbols: string[]): Promise<Quote[]>;
  movers(type: 'gainers' | 'losers' | 'active', limit: number): Promise<Quote[]>;
  marketStatus(exchange: string): MarketStatus;
  account(userId: string): Promise<VirtualAccount>;
  summary(userId: string): Promise<PortfolioSummary>;
  holdings(userId: string): Promise<Holding[]>;
  orders(
    userId: string,
    status: 'open' | 'filled' | 'cancelled' | 'all',
    limit: number,
  ): Promise<{ data: Order[]; open: number; total: number }>;
  transactions(
    userId: string,
    filter: {
      side?: 'BUY' | 'SELL' | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
      symbol?: string | undefined;
      /** 'completed': fills only (resting orders are pending, not trades). */
      status?: 'completed' | undefined;
      limit: number;
    },
  ): Promise<{ data: Transaction[]; summary: TransactionSummary }>;
  /** The order ticket's preview; absent inside a replay (the preview prices at the live market). */
  feePreview?: ((userId: string, body: PreviewOrderRequest) => Promise<OrderPreview>) | undefined;
  watchlists(userId: string): Promise<Watchlist[]>;
  /** The average of the last `days` daily closes, or null with fewer closes than that. */
  movingAverage(symbol: string, days: 50 | 200): Promise<number | null>;
  alerts(userId: string): Promise<Alert[]>;
  /** Active GTTs only. */
  gtts(userId: string): Promise<Gtt[]>;
  /** The latest journal entries, newest first. */
  journal(userId: string, limit: number): Promise<JournalEntry[]>;
  /** Every fill, oldest first (money in paise). */
  fills(userId: string): Promise<FillRecord[]>;
  habits(userId: string): Promise<Habits>;
  /** This week's leaderboard as the user sees it. */
  leaderboard(userId: string): Promise<Leaderboard>;
  /** True when PUBLIC_LEADERBOARD is off on this instance; absent means on. */
  leaderboardOff?: () => boolean;
  news?: SaytrixNewsSource | undefined;
  /** The Options Lab's reads on the live simulated market; absent inside a replay. */
  options?:
    | {
        expiries(underlying: Underlying): Promise<OptionExpiriesResponse['data']>;
        chain: SaytrixOptionsSource['chain'];
        /** The portfolio's open options and futures (the one the chat is about). */
        positions(userId: string): Promise<DerivativeBook>;
      }
    | undefined;
}

export interface DerivativeBook {
  positions: DerivativePosition[];
  marginBlocked: number;
}

/** What Saytrix reads of the Options Lab: the same service its routes use. */
export interface SaytrixOptionsSource {
  expiries(underlying: Underlying): OptionExpiriesResponse['data'] | Promise<OptionExpiriesResponse['data']>;
  /** The chain of `expiry` (the nearest when absent), `strikes` each side of the money. */
  chain(underlying: Underlying, expiry: string | undefined, strikes: number): Promise<OptionChain>;
  positions(who: AccountRef): Promise<DerivativeBook>;
}

export function createSaytrixTools(o: {
  market: MarketService;
  portfolio: PortfolioService;
  orderQueries: OrderQueriesService;
  orderPreview: OrderPreviewService;
  transactions: TransactionsService;
  watchlists: WatchlistsService;
  alerts: AlertsService;
  gtt: GttService;
  journal: JournalService;
  fills: FillsService;
  insights: InsightsService;
  leaderboard: LeaderboardService;
  provider: string;
  news?: SaytrixNewsSource | undefined;
  /** The portfolio (main or custom) the money answers read; main when absent. */
  who?: (AccountRef & { startingCashPaise: bigint }) | undefined;
  scope?: SaytrixScope | undefined;
  options?: SaytrixOptionsSource | undefined;
}): SaytrixTools {
  // Main unless the chat named another portfolio (already resolved: the user's own, not a replay's).
  const who = o.who;
  const portfolioOf = async (userId: string): Promise<AccountRef> => who ?? o.portfolio.main(userId);
  return {
    source: o.provider === 'simulated' ? 'simulated market' : `${o.provider} market data`,
    scope: o.scope,
    instruments: () => o.market.catalog.all(),
    quote: (symbol) => o.market.quote(symbol),
    quotes: (symbols) => o.market.quotes(symbols),
    movers: (type, limit) => o.market.movers(type, limit),
    marketStatus: (exchange) => o.market.status(exchange),
    account: async (userId) => o.portfolio.account(await portfolioOf(userId)),
    summary: async (userId) => o.portfolio.summary(await portfolioOf(userId)),
    holdings: async (userId) => o.portfolio.holdings(await portfolioOf(userId)),
    async orders(userId, status, limit) {
      const statusFilter =
        status === 'open'
          ? 'PENDING'
          : status === 'filled'
            ? 'FILLED'
            : status === 'cancelled'
              ? 'CANCELLED'
              : 'all';
      const list = await o.orderQueries.list(
        (await portfolioOf(userId)).accountId,
        orderListQuerySchema.parse({ status: statusFilter, limit }),
      );
      return { data: list.data, open: list.summary.openOrders, total: list.summary.totalOrders };
    },
    async transactions(userId, filter) {
      const query = transactionQuerySchema.parse({
        type: filter.side === 'BUY' ? 'buy' : filter.side === 'SELL' ? 'sell' : 'all',
        ...(filter.from ? { from: filter.from.toISOString() } : {}),
        ...(filter.to ? { to: filter.to.toISOString() } : {}),
        ...(filter.symbol ? { search: filter.symbol } : {}),
        ...(filter.status ? { status: filter.status } : {}),
        limit: filter.limit,
      });
      const result = await o.transactions.list(await portfolioOf(userId), query);
      return { data: result.data, summary: result.summary };
    },
    feePreview: async (userId, body) => o.orderPreview.preview((await portfolioOf(userId)).accountId, body),
    watchlists: (userId) => o.watchlists.list(userId),
    async movingAverage(symbol, days) {
      // The 1Y chart's daily candles (about 250 sessions), with the chart's own SMA.
      const history = await o.market.historical(symbol, '1Y');
      const closes = history.data.map((c) => c.close);
      const last = sma(closes, days).at(-1);
      return typeof last === 'number' && Number.isFinite(last) ? Math.round(last * 100) / 100 : null;
    },
    alerts: async (userId) => (await o.alerts.list(await portfolioOf(userId))).data,
    gtts: async (userId) =>
      (await o.gtt.list(await portfolioOf(userId), gttListQuerySchema.parse({ status: 'ACTIVE', limit: 50 })))
        .data,
    journal: async (userId, limit) =>
      (await o.journal.list(await portfolioOf(userId), journalListQuerySchema.parse({ limit }))).trades,
    fills: async (userId) => o.fills.history((await portfolioOf(userId)).accountId),
    // Habits are the portfolio's (as on its habits screen); the leaderboard ranks Main only.
    habits: (userId) => (who ? o.insights.habitsOf(who) : o.insights.habits(userId)),
    leaderboard: (userId) => o.leaderboard.leaderboard(userId, leaderboardQuerySchema.parse({})),
    leaderboardOff: () => !o.leaderboard.isPublic,
    news: o.news,
    options: o.options && {
      expiries: async (underlying) => o.options!.expiries(underlying),
      chain: (underlying, expiry, strikes) => o.options!.chain(underlying, expiry, strikes),
      positions: async (userId) => o.options!.positions(await portfolioOf(userId)),
    },
  };
}
