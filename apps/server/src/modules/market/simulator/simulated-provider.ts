import {
  aggregateCandles,
  intradayBucket,
  istDayBucket,
  istWeekBucket,
  round2,
  searchInstruments,
  sessionBounds,
  sortAndDedupe,
  NO_CIRCUIT,
  type Candle,
  type QuoteCircuit,
  type Period,
  type Profile,
  type Quote,
  type QuoteEvent,
  type SearchResult,
} from '@nivesh/shared';
import { COMPANY_DESCRIPTIONS, INDEX_DESCRIPTIONS } from '../company-descriptions.js';
import { MarketDataError, type MarketDataProvider } from '../market-provider.js';
import type { PathTick, TickTest } from '../price-path.js';
import type { MarketSimulator, Snapshot } from './market-simulator.js';

const ONE_DAY_SECONDS = 86_400;

/** A snapshot's circuit as quote fields (all null for an index or a US stock). */
function quoteCircuitOf(snap: Snapshot): QuoteCircuit {
  if (!snap.circuit) return NO_CIRCUIT;
  const { bandClass, lower, upper, lock } = snap.circuit;
  return { bandClass, lowerCircuit: lower, upperCircuit: upper, circuitLock: lock };
}

/** How far back each daily-or-coarser period reaches, in calendar days. */
const PERIOD_DAYS: Partial<Record<Period, number>> = { '1M': 30, '3M': 91, '6M': 182, '1Y': 365, '5Y': 1826 };
const BETA_DAYS = 250;

/** The default provider: answers from the offline simulator at the current time. */
type MoverRow = { symbol: string; changePercent: number; traded: number };

export class SimulatedProvider implements MarketDataProvider {
  readonly name = 'simulated' as const;
  private readonly searchable;
  /** Prices change once a second, so the universe's ranking rows are computed at most once a second. */
  private universe:
    { second: number; rows: { symbol: string; changePercent: number; traded: number }[] } | undefined;

  constructor(
    private readonly sim: MarketSimulator,
    private readonly now: () => number = Date.now,
  ) {
    this.searchable = sim.instruments.map((i) => ({ ...i, aliases: i.bseCode ? [i.bseCode] : [] }));
  }

  warmUp(): Promise<void> {
    return this.sim.warmUp(this.now());
  }

  private instrumentOf(symbol: string) {
    const inst = this.sim.instrument(symbol);
    if (!inst) throw new MarketDataError('Stock not found', 'not-found');
    return inst;
  }

  /** The simulator itself, for readers of whole-universe daily closes (the market desk). */
  get simulator(): MarketSimulator {
    return this.sim;
  }

  async search(query: string, limit: number): Promise<SearchResult[]> {
    return searchInstruments(query, this.searchable, limit).map((i) => ({
      symbol: i.symbol,
      name: i.name,
      exchange: i.exchange,
      currency: i.currency,
      type: i.type,
      sector: i.sector,
      score: i.score,
    }));
  }

  /** The quote at any instant: the path is a pure function of time, so the past can be asked too. */
  async quoteAsOf(symbol: string, ms: number): Promise<Quote | undefined> {
    return this.quoteAt(symbol, ms);
  }

  quoteAt(symbol: string, nowMs: number): Quote {
    const inst = this.instrumentOf(symbol);
    const snap = this.sim.snapshot(symbol, nowMs);
    const k = snap ? this.sim.barIndex(symbol, snap.day, true) : -1;
    const first = snap ? this.sim.barIndex(symbol, snap.day - 364, true) : -1;
    // Only the year's highs and lows are resolved (a simulated day's cost a minute path each).
    const s = this.sim.highLows(symbol, first, k - 1);
    if (!snap || !s) throw new MarketDataError('Stock not found', 'not-found');
    // Statistics over the days before the snapshot's, plus the day so far.
    let yearHigh = snap.dayHigh;
    let yearLow = snap.dayLow;
    for (let i = k - 1; i >= 0 && s.days[i]! > snap.day - 365; i -= 1) {
      yearHigh = Math.max(yearHigh, s.high[i]!);
      yearLow = Math.min(yearLow, s.low[i]!);
    }
    const average = (n: number) => {
      if (k + 1 < n) return null;
      let sum = snap.price;
      for (let i = k - 1; i > k - n; i -= 1) sum += s.close[i]!;
      return round2(sum / n);
    };
    let avgVolume: number | null = null;
    if (inst.type !== 'INDEX' && k >= 1) {
      const from = Math.max(0, k - 63);
      let sum = 0;
      for (let i = from; i < k; i += 1) sum += s.volume[i]!;
      avgVolume = Math.round(sum / (k - from));
    }
    const change = round2(snap.price - snap.previousClose);
    const changePercent = round2((change / snap.previousClose) * 100);
    return {
      symbol,
      name: inst.name,
      exchange: inst.exchange,
      currency: inst.currency,
      price: snap.price,
      change,
      changePercent,
      changesPercentage: changePercent,
      open: snap.dayOpen,
      dayHigh: snap.dayHigh,
      dayLow: snap.dayLow,
      previousClose: snap.previousClose,
      volume: snap.volume,
      avgVolume,
      yearHigh,
      yearLow,
      priceAvg50: average(50),
      priceAvg200: average(200),
      marketCap: null,
      pe: null,
      ...quoteCircuitOf(snap),
      lastUpdated: new Date(snap.tickMs).toISOString(),
    };
  }

  async quote(symbol: string): Promise<Quote> {
    return this.quoteAt(symbol, this.now());
  }

  async quotes(symbols: string[]): Promise<Quote[]> {
    const now = this.now();
    return symbols.map((s) => this.quoteAt(s, now));
  }

  async latest(symbol: string): Promise<{ quote: Quote; candle: Candle }> {
    const now = this.now();
    const quote = this.quoteAt(symbol, now);
    return { quote, candle: this.sim.snapshot(symbol, now)!.candle };
  }

  async firstTickPast(
    symbol: string,
    fromMs: number,
    toMs: number,
    test: TickTest,
    levelPaise: number,
  ): Promise<PathTick | undefined> {
    return this.sim.firstTickPast(symbol, fromMs, toMs, test, levelPaise);
  }

  /** What the realtime feed sends: the latest tick and its 1-minute candle. */
  async quoteEvent(symbol: string): Promise<QuoteEvent> {
    this.instrumentOf(symbol);
    const snap = this.sim.snapshot(symbol, this.now());
    if (!snap) throw new MarketDataError('Stock not found', 'not-found');
    const change = round2(snap.price - snap.previousClose);
    return {
      symbol,
      price: snap.price,
      change,
      changePercent: round2((change / snap.previousClose) * 100),
      volume: snap.volume,
      lastUpdated: new Date(snap.tickMs).toISOString(),
      lowerCircuit: snap.circuit?.lower ?? null,
      upperCircuit: snap.circuit?.upper ?? null,
      circuitLock: snap.circuit?.lock ?? null,
      candle: snap.candle,
    };
  }

  historyAt(symbol: string, period: Period, nowMs: number): Candle[] {
    this.instrumentOf(symbol);
    const snap = this.sim.snapshot(symbol, nowMs);
    if (!snap) return [];
    const sessionOpen = (time: number) => sessionBounds(this.sim.session, istDayBucket(time)).openMs / 1000;
    switch (period) {
      case '1D': {
        // A session has a start to show from; a market open around the clock does not, so its
        // day view is the last 24 hours rather than the minutes since IST midnight.
        if (this.sim.session !== 'always-open') return this.sim.minuteCandles(symbol, snap.day, nowMs);
        const since = Math.floor(nowMs / 1000) - ONE_DAY_SECONDS;
        return this.sim
          .recentDays(symbol, 2, nowMs)
          .flatMap((d) => this.sim.minuteCandles(symbol, d, nowMs))
          .filter((c) => c.time > since);
      }
      case '5D': {
        const minutes = this.sim
          .recentDays(symbol, 5, nowMs)
          .flatMap((d) => this.sim.minuteCandles(symbol, d, nowMs));
        return aggregateCandles(minutes, intradayBucket(sessionOpen, 5));
      }
      case '1M': {
        const days = this.sim.recentDays(symbol, 40, nowMs).filter((d) => d > snap.day - PERIOD_DAYS['1M']!);
        return aggregateCandles(
          days.flatMap((d) => this.sim.minuteCandles(symbol, d, nowMs)),
          intradayBucket(sessionOpen, 60),
        );
      }
      case '5Y':
        return aggregateCandles(
          this.sim.dailyCandles(symbol, snap.day - PERIOD_DAYS['5Y']! + 1, nowMs),
          istWeekBucket,
        );
      default:
        return sortAndDedupe(this.sim.dailyCandles(symbol, snap.day - PERIOD_DAYS[period]! + 1, nowMs));
    }
  }

  async history(symbol: string, period: Period): Promise<Candle[]> {
    return this.historyAt(symbol, period, this.now());
  }

  /** The closes of the daily candles (the day so far last), without resolving any day's high or low. */
  private dailyCloses(symbol: string, nowMs: number): { time: number; close: number }[] {
    const snap = this.sim.snapshot(symbol, nowMs);
    const s = this.sim.dailySeries(symbol, false);
    if (!snap || !s) return [];
    const k = this.sim.barIndex(symbol, snap.day, true);
    return s.days
      .slice(0, k + 1)
      .map((day, i) => ({ time: day, close: day === snap.day ? snap.price : s.close[i]! }));
  }

  /** Beta of daily log returns against the NIFTY 50 over the last year (both series as the app shows them). */
  betaAt(symbol: string, nowMs: number): number | null {
    const inst = this.instrumentOf(symbol);
    if (inst.currency !== 'INR') return null;
    const a = this.dailyCloses(symbol, nowMs).slice(-(BETA_DAYS + 1));
    const m = new Map(this.dailyCloses('NIFTY50', nowMs).map((c) => [c.time, c.close]));
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 1; i < a.length; i += 1) {
      const m0 = m.get(a[i - 1]!.time);
      const m1 = m.get(a[i]!.time);
      if (m0 === undefined || m1 === undefined) continue;
      xs.push(Math.log(m1 / m0));
      ys.push(Math.log(a[i]!.close / a[i - 1]!.close));
    }
    if (xs.length < 30) return null;
    const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
    const my = ys.reduce((s, y) => s + y, 0) / ys.length;
    let cov = 0;
    let varX = 0;
    for (let i = 0; i < xs.length; i += 1) {
      cov += (xs[i]! - mx) * (ys[i]! - my);
      varX += (xs[i]! - mx) ** 2;
    }
    return varX > 0 ? round2(cov / varX) : null;
  }

  async profile(symbol: string): Promise<Profile> {
    const inst = this.instrumentOf(symbol);
    const base = inst.type === 'INDEX' ? INDEX_DESCRIPTIONS[symbol] : COMPANY_DESCRIPTIONS[symbol];
    const synthetic = this.sim.isSynthetic(symbol)
      ? 'No price history for this stock is bundled: its prices are simulated from typical parameters, not real data.'
      : null;
    const borrowed =
      this.sim.params(symbol)?.tailsFromSector && !this.sim.isSynthetic(symbol)
        ? 'Listed recently: too little history to measure how its volatility clusters and how fat its tails are, so the simulation borrows its sector’s values for those (its volatility and beta are its own).'
        : null;
    return {
      symbol,
      name: inst.name,
      exchange: inst.exchange,
      currency: inst.currency,
      sector: inst.sector,
      industry: inst.industry,
      isin: inst.isin,
      bseCode: inst.bseCode,
      description: [base, synthetic, borrowed].filter(Boolean).join(' ') || null,
      beta:
        inst.type === 'INDEX'
          ? symbol === 'NIFTY50'
            ? 1
            : this.betaAt(symbol, this.now())
          : this.betaAt(symbol, this.now()),
      marketCap: null,
      pe: null,
      eps: null,
      dividendYield: null,
    };
  }

  async movers(type: 'gainers' | 'losers' | 'active', limit: number): Promise<Quote[]> {
    return this.moversAt(type, limit, this.now());
  }

  /**
   * Movers at `now`. With `include` (a replay's universe of the day) the rows are not cached: the
   * once-a-second cache is the live clock's.
   */
  moversAt(
    type: 'gainers' | 'losers' | 'active',
    limit: number,
    now: number,
    include?: (symbol: string) => boolean,
  ): Quote[] {
    const second = Math.floor(now / 1000);
    // Ranked from snapshots alone; only the listed few get a full quote (its 52-week high and low
    // read a minute path per simulated day).
    let rows = include ? undefined : this.universe?.second === second ? this.universe.rows : undefined;
    if (!rows) {
      rows = this.sim.instruments
        .filter((i) => i.type === 'EQUITY' && i.currency === 'INR' && (!include || include(i.symbol)))
        .flatMap((i) => {
          const snap = this.sim.snapshot(i.symbol, now);
          if (!snap) return [];
          const change = round2(snap.price - snap.previousClose);
          return [
            {
              symbol: i.symbol,
              changePercent: round2((change / snap.previousClose) * 100),
              traded: snap.volume * snap.price,
            },
          ];
        });
      if (!include) this.universe = { second, rows };
    }
    const order: Record<typeof type, (a: MoverRow, b: MoverRow) => number> = {
      gainers: (a, b) => b.changePercent - a.changePercent,
      losers: (a, b) => a.changePercent - b.changePercent,
      active: (a, b) => b.traded - a.traded,
    };
    // A gainer rose and a loser fell: on a day the whole market falls, Gainers is short or empty.
    const side: Record<typeof type, (r: MoverRow) => boolean> = {
      gainers: (r) => r.changePercent > 0,
      losers: (r) => r.changePercent < 0,
      active: () => true,
    };
    return rows
      .filter(side[type])
      .sort((a, b) => order[type](a, b) || a.symbol.localeCompare(b.symbol))
      .slice(0, limit)
      .map((r) => this.quoteAt(r.symbol, now));
  }
}
