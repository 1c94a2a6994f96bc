import {
  orderListQuerySchema,
  transactionQuerySchema,
  type Holding,
  type Instrument,
  type MarketStatus,
  type Order,
  type OrderPreview,
  type PortfolioSummary,
  type PreviewOrderRequest,
  type Quote,
  type Transaction,
  type TransactionSummary,
  type VirtualAccount,
  type Watchlist,
} from '@nivesh/shared';
import type { MarketService } from '../market/market.service.js';
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
  search(query: { symbol?: string; query?: string; limit: number }): Promise<SaytrixNewsItem[]>;
}

/**
 * Everything Saytrix may read. Each figure it states comes from one of these calls, which are the
 * same services the app's own endpoints use, so the chat and the screens agree.
 */
export interface SaytrixTools {
  /** Named in every reply's as-of line: "simulated market" for the offline simulator. */
  source: string;
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
      limit: number;
    },
  ): Promise<{ data: Transaction[]; summary: TransactionSummary }>;
  feePreview(userId: string, body: PreviewOrderRequest): Promise<OrderPreview>;
  watchlists(userId: string): Promise<Watchlist[]>;
  news?: SaytrixNewsSource | undefined;
}

export function createSaytrixTools(o: {
  market: MarketService;
  portfolio: PortfolioService;
  orderQueries: OrderQueriesService;
  orderPreview: OrderPreviewService;
  transactions: TransactionsService;
  watchlists: WatchlistsService;
  provider: string;
  news?: SaytrixNewsSource | undefined;
}): SaytrixTools {
  return {
    source: o.provider === 'simulated' ? 'simulated market' : `${o.provider} market data`,
    instruments: () => o.market.catalog.all(),
    quote: (symbol) => o.market.quote(symbol),
    quotes: (symbols) => o.market.quotes(symbols),
    movers: (type, limit) => o.market.movers(type, limit),
    marketStatus: (exchange) => o.market.status(exchange),
    account: (userId) => o.portfolio.account(userId),
    summary: (userId) => o.portfolio.summary(userId),
    holdings: (userId) => o.portfolio.holdings(userId),
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
        userId,
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
        limit: filter.limit,
      });
      const result = await o.transactions.list(userId, query);
      return { data: result.data, summary: result.summary };
    },
    feePreview: (userId, body) => o.orderPreview.preview(userId, body),
    watchlists: (userId) => o.watchlists.list(userId),
    news: o.news,
  };
}
