import type { PathTick, TickTest } from './price-path.js';
import type {
  Candle,
  Instrument,
  MarketStatus,
  Period,
  Profile,
  Quote,
  QuoteEvent,
  SearchResult,
} from '@nivesh/shared';

/**
 * Every source of market data (the offline simulator by default, Yahoo Finance or Financial
 * Modeling Prep by configuration) answers through this interface, so routes, the realtime feed,
 * watchlists and (later) the order matcher never know which one is behind it.
 * Symbols passed in are canonical (see InstrumentCatalog.resolve).
 */
export interface MarketDataProvider {
  readonly name: 'simulated' | 'yahoo' | 'fmp';
  search(query: string, limit: number): Promise<SearchResult[]>;
  quote(symbol: string): Promise<Quote>;
  quotes(symbols: string[]): Promise<Quote[]>;
  history(symbol: string, period: Period): Promise<Candle[]>;
  profile(symbol: string): Promise<Profile>;
  movers(type: 'gainers' | 'losers' | 'active', limit: number): Promise<Quote[]>;
  /** The realtime feed's tick for one symbol; without it the feed builds one from quote() and the 1D history. */
  quoteEvent?(symbol: string): Promise<QuoteEvent>;
  /** The quote and its current 1-minute candle taken at the same instant; without it, quote() and the 1D history are combined. */
  latest?(symbol: string): Promise<{ quote: Quote; candle: Candle }>;
  /**
   * The first tick in (fromMs, toMs] whose price passes `test` against `levelPaise` (see
   * MarketSimulator.firstTickPast). Only a provider that knows its path between two checks has it;
   * without it, checks see the current quote only.
   */
  firstTickPast?(
    symbol: string,
    fromMs: number,
    toMs: number,
    test: TickTest,
    levelPaise: number,
  ): Promise<PathTick | undefined>;
  /** The quote as it was at `ms` (a past instant of the path), when the provider can tell. */
  quoteAsOf?(symbol: string, ms: number): Promise<Quote | undefined>;
}

/** The universe the app knows: NIFTY 500 + BSE codes + indices + a few US stocks. */
export interface InstrumentCatalog {
  /** Accepts RELIANCE, reliance, RELIANCE.NS, RELIANCE.BO, 500325, NIFTY50/^NSEI…; undefined when unknown. */
  resolve(input: string): Instrument | undefined;
  all(): readonly Instrument[];
}

export interface MarketClock {
  status(exchange: string, now?: Date): MarketStatus;
  isOpen(exchange: string, now?: Date): boolean;
}

/** Thrown by providers; routes map it to 404 'Stock not found' or 503 with the message. */
export class MarketDataError extends Error {
  constructor(
    message: string,
    readonly kind: 'not-found' | 'unavailable' | 'invalid-symbol',
  ) {
    super(message);
  }
}
