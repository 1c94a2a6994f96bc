import {
  PERIOD_INTERVAL,
  parseSymbolInput,
  type Candle,
  type Instrument,
  type MarketStatus,
  type Period,
  type Quote,
  type QuoteEvent,
} from '@nivesh/shared';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { HaltNow, MarketBreaker } from './market-breaker.js';
import { passes, type PathTick, type TickTest } from './price-path.js';
import {
  MarketDataError,
  type InstrumentCatalog,
  type MarketClock,
  type MarketDataProvider,
} from './market-provider.js';

const STOCK_NOT_FOUND = 'Stock not found';

/** Market rules between the routes and whichever provider is configured. */
export class MarketService {
  constructor(
    private readonly o: {
      provider: MarketDataProvider;
      catalog: InstrumentCatalog;
      clock: MarketClock;
      now?: () => number;
      /** The market-wide circuit breaker over the provider's index paths (the simulator has one). */
      breaker?: MarketBreaker;
    },
  ) {}

  /** The market-wide halt holding trading now, if any. */
  halt(): HaltNow | undefined {
    return this.o.breaker?.at(this.nowMs());
  }

  /** A quote says when a market-wide halt holds, and until when. */
  private withHalt<T extends Quote>(quote: T): T {
    const halt = this.halt();
    return halt ? { ...quote, marketHalt: halt.quoteHalt } : quote;
  }

  get provider(): MarketDataProvider {
    return this.o.provider;
  }

  get catalog(): InstrumentCatalog {
    return this.o.catalog;
  }

  /** Lets the provider prepare caches in the background (the simulator's synthetic pasts). */
  warmUp(): Promise<void> {
    const provider = this.o.provider as MarketDataProvider & { warmUp?: () => Promise<void> };
    return provider.warmUp?.() ?? Promise.resolve();
  }

  private now() {
    return new Date(this.nowMs());
  }

  /** The market's time: orders and the matcher trade on it, and tests inject it to move the market. */
  nowMs(): number {
    return this.o.now?.() ?? Date.now();
  }

  /** Canonical instrument for user input: 400 when it cannot be a symbol, 404 when unknown. */
  resolve(input: string): Instrument {
    if (!parseSymbolInput(input))
      throw badRequest(`Invalid stock symbol: ${input}`, { symbol: `Invalid stock symbol: ${input}` });
    const instrument = this.o.catalog.resolve(input);
    if (!instrument) throw notFound(STOCK_NOT_FOUND);
    return instrument;
  }

  /** Like resolve, for lists: undefined for unknown symbols, still 400 for malformed ones. */
  tryResolve(input: string): Instrument | undefined {
    if (!parseSymbolInput(input))
      throw badRequest(`Invalid stock symbol: ${input}`, { symbols: `Invalid stock symbol: ${input}` });
    return this.o.catalog.resolve(input);
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof MarketDataError) {
        if (error.kind === 'not-found') throw notFound(STOCK_NOT_FOUND);
        if (error.kind === 'invalid-symbol') throw badRequest(error.message);
        throw new AppError(503, 'SERVICE_UNAVAILABLE', error.message);
      }
      throw error;
    }
  }

  search(query: string, limit: number) {
    return this.call(() => this.o.provider.search(query, limit));
  }

  async quote(input: string) {
    const { symbol } = this.resolve(input);
    return this.withHalt(await this.call(() => this.o.provider.quote(symbol)));
  }

  /** Quotes for the known symbols among `inputs`, in their order; unknown ones are left out. */
  async quotes(inputs: string[]) {
    const symbols = [
      ...new Set(inputs.map((s) => this.tryResolve(s)?.symbol).filter((s): s is string => Boolean(s))),
    ];
    if (!symbols.length) return [];
    return (await this.call(() => this.o.provider.quotes(symbols))).map((q) => this.withHalt(q));
  }

  validate(input: string): { isValid: boolean; symbol: string | null } {
    const instrument = parseSymbolInput(input) ? this.o.catalog.resolve(input) : undefined;
    return { isValid: Boolean(instrument), symbol: instrument?.symbol ?? null };
  }

  async movers(type: 'gainers' | 'losers' | 'active', limit: number) {
    return (await this.call(() => this.o.provider.movers(type, limit))).map((q) => this.withHalt(q));
  }

  async indices() {
    const symbols = this.o.catalog
      .all()
      .filter((i) => i.type === 'INDEX')
      .map((i) => i.symbol);
    return (await this.call(() => this.o.provider.quotes(symbols))).map((q) => this.withHalt(q));
  }

  profile(input: string) {
    const { symbol } = this.resolve(input);
    return this.call(() => this.o.provider.profile(symbol));
  }

  /** The session's status; closed (with the reason) while a market-wide halt holds. */
  status(exchange: string): MarketStatus {
    const status = this.o.clock.status(exchange, this.now());
    const halt = status.marketOpen ? this.halt() : undefined;
    return halt ? { ...status, marketOpen: false, label: halt.quoteHalt.message } : status;
  }

  private chartContext(instrument: Instrument) {
    const status = this.status(instrument.exchange);
    return {
      marketOpen: status.marketOpen,
      exchange: instrument.exchange,
      timestamp: this.now().toISOString(),
      message: status.marketOpen ? `${status.label}` : `${status.label}; showing the last session`,
    };
  }

  async historical(input: string, period: Period) {
    const instrument = this.resolve(input);
    const bars = await this.call(() => this.o.provider.history(instrument.symbol, period));
    const data = this.o.breaker ? this.o.breaker.withoutHaltedBars(bars, period) : bars;
    return {
      symbol: instrument.symbol,
      period,
      interval: PERIOD_INTERVAL[period],
      data,
      latest: data[data.length - 1] ?? null,
      ...this.chartContext(instrument),
    };
  }

  private async latestOf(symbol: string): Promise<{ latest: Candle | undefined; quote: Quote }> {
    if (this.o.provider.latest) {
      const { quote, candle } = await this.o.provider.latest(symbol);
      return { latest: candle, quote };
    }
    const [quote, day] = await Promise.all([
      this.o.provider.quote(symbol),
      this.o.provider.history(symbol, '1D'),
    ]);
    return { latest: day[day.length - 1], quote };
  }

  async latest(input: string) {
    const instrument = this.resolve(input);
    const { latest, quote } = await this.call(() => this.latestOf(instrument.symbol));
    if (!latest) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'No market data yet');
    return { symbol: instrument.symbol, latest, quote, ...this.chartContext(instrument) };
  }

  async batch(inputs: string[]) {
    const results = await Promise.all(
      inputs.map(async (input) => {
        const instrument = this.tryResolve(input);
        if (!instrument) return { symbol: input, latest: null, quote: null, error: STOCK_NOT_FOUND };
        const { latest, quote } = await this.call(() => this.latestOf(instrument.symbol));
        return { symbol: instrument.symbol, latest: latest ?? null, quote, error: null };
      }),
    );
    const status = this.status('NSE');
    return {
      results,
      timestamp: this.now().toISOString(),
      marketOpen: status.marketOpen,
      exchange: 'NSE',
      message: status.label,
    };
  }

  /** One realtime tick for a canonical symbol. */
  async quoteEvent(symbol: string): Promise<QuoteEvent> {
    if (this.o.provider.quoteEvent) return this.o.provider.quoteEvent(symbol);
    const { latest, quote } = await this.latestOf(symbol);
    const candle = latest ?? {
      time: Math.floor(Date.parse(quote.lastUpdated) / 1000 / 60) * 60,
      open: quote.price,
      high: quote.price,
      low: quote.price,
      close: quote.price,
      volume: 0,
    };
    return {
      symbol,
      price: quote.price,
      change: quote.change,
      changePercent: quote.changePercent,
      volume: quote.volume,
      lastUpdated: quote.lastUpdated,
      lowerCircuit: quote.lowerCircuit,
      upperCircuit: quote.upperCircuit,
      circuitLock: quote.circuitLock,
      candle,
    };
  }

  /** Whether checks can see the path between two instants (the simulator), not only the current quote. */
  get knowsPath(): boolean {
    return Boolean(this.o.provider.firstTickPast);
  }

  /**
   * The first tick in (fromMs, toMs] of a canonical symbol that passes `test` against `levelPaise`.
   * A provider without a path answers from its current quote alone (as if it were the one tick).
   */
  async firstTickPast(
    symbol: string,
    fromMs: number,
    toMs: number,
    test: TickTest,
    levelPaise: bigint,
  ): Promise<PathTick | undefined> {
    const firstTickPast = this.o.provider.firstTickPast?.bind(this.o.provider);
    if (firstTickPast) {
      // Nothing trades in a market-wide halt: the path's ticks there are skipped.
      for (const [from, to] of this.tradingSpans(fromMs, toMs)) {
        const tick = await firstTickPast(symbol, from, to, test, Number(levelPaise));
        if (tick) return tick;
      }
      return undefined;
    }
    const quote = await this.call(() => this.o.provider.quote(symbol));
    return passes(test, Math.round(quote.price * 100), Number(levelPaise))
      ? { ms: toMs, price: quote.price }
      : undefined;
  }

  /** (fromMs, toMs] without the market-wide halts in it, as (from, to] spans in time order. */
  private tradingSpans(fromMs: number, toMs: number): [number, number][] {
    return this.o.breaker ? this.o.breaker.tradingSpans(fromMs, toMs) : [[fromMs, toMs]];
  }

  /** The quote of a canonical symbol at a past instant, when the provider can tell (the simulator can). */
  async quoteAt(symbol: string, ms: number): Promise<Quote | undefined> {
    const provider = this.o.provider;
    if (!provider.quoteAsOf) return undefined;
    return this.call(() => provider.quoteAsOf!(symbol, ms));
  }
}
