import type { Period, Quote, SearchResult } from '@nivesh/shared';

/**
 * Market reads as of a replay's clock (the replay module implements it): the market routes hand a
 * request with `?replayId=` to it. Another user's replay id is a 404.
 */
export interface ReplayMarketReads {
  quote(userId: string, replayId: string, symbol: string): Promise<Quote>;
  historical(
    userId: string,
    replayId: string,
    symbol: string,
    period: Period,
  ): Promise<{
    symbol: string;
    period: Period;
    interval: '1m' | '5m' | '1h' | '1d' | '1wk';
    data: { time: number; open: number; high: number; low: number; close: number; volume: number }[];
    latest: { time: number; open: number; high: number; low: number; close: number; volume: number } | null;
    marketOpen: boolean;
    exchange: string;
    timestamp: string;
    message: string;
  }>;
  movers(
    userId: string,
    replayId: string,
    type: 'gainers' | 'losers' | 'active',
    limit: number,
  ): Promise<Quote[]>;
  indices(userId: string, replayId: string): Promise<Quote[]>;
  search(userId: string, replayId: string, query: string, limit: number): Promise<SearchResult[]>;
}
