import {
  PERIOD_INTERVAL,
  REAL_BREAKER_EVENTS,
  dateToDayNumber,
  istDayNumber,
  istMinuteOf,
  isMarketOpen,
  NSE_OPEN_MINUTE,
  type Period,
  type Quote,
  type SearchResult,
} from '@nivesh/shared';
import { MarketBreaker } from '../market/market-breaker.js';
import { MarketDataError } from '../market/market-provider.js';
import type { PathTick, TickTest } from '../market/price-path.js';
import type { MarketSimulator } from '../market/simulator/market-simulator.js';
import { SimulatedProvider } from '../market/simulator/simulated-provider.js';

/** The minute of the session (from 09:15) and the direction of each recorded real trip, by day. */
export function recordedShocks(): Map<number, { minute: number; down: boolean }> {
  return new Map(
    REAL_BREAKER_EVENTS.map((e) => [
      dateToDayNumber(e.date),
      { minute: istMinuteOf(e.at) - NSE_OPEN_MINUTE, down: e.direction === 'down' },
    ]),
  );
}

/**
 * The bundled real market as of a clock T: quotes, bars, movers, indices and search answered from
 * the replay simulator's minute paths of real days (they touch each day's real high and low), never
 * from a tick after T. While a market-wide halt holds, prices stay where trading stopped, and after
 * the reopen the halted minutes have no bars (nothing traded).
 */
export class ReplayMarket {
  readonly breaker: MarketBreaker;

  constructor(private readonly sim: MarketSimulator) {
    this.breaker = new MarketBreaker(sim);
  }

  get instruments() {
    return this.sim.instruments;
  }

  /** Whether the bundle has a real bar of the NIFTY 50 on `day` (a trading day replays can open). */
  isTradingDay(day: number): boolean {
    if (day > this.sim.lastRealDay) return false;
    const k = this.sim.barIndex('NIFTY50', day);
    return k >= 0 && this.sim.dailySeries('NIFTY50', false)!.days[k] === day;
  }

  /** Every bundled trading day (the NIFTY 50's bars), oldest first. */
  niftyDays(): readonly number[] {
    return this.sim.dailySeries('NIFTY50', false)!.days.filter((d) => d <= this.sim.lastRealDay);
  }

  /** The bundle's trading days from `day` on, at most `count`. */
  tradingDaysFrom(day: number, count: number): number[] {
    const s = this.sim.dailySeries('NIFTY50', false)!;
    const k = s.days.indexOf(day);
    return k < 0 ? [] : s.days.slice(k, k + count).filter((d) => d <= this.sim.lastRealDay);
  }

  /** The NIFTY 50's bar of a day and the close before it (for drill briefings). */
  niftyDay(day: number) {
    const s = this.sim.dailySeries('NIFTY50')!;
    const k = s.days.indexOf(day);
    if (k < 1) return null;
    return {
      previousClose: s.close[k - 1]!,
      open: s.open[k]!,
      high: s.high[k]!,
      low: s.low[k]!,
      close: s.close[k]!,
    };
  }

  /** The instant whose prices stand at `clockMs`: the clock itself, or where a halt stopped trading. */
  priceMs(clockMs: number): number {
    const halt = this.breaker.at(clockMs);
    return halt ? halt.haltedAtMs : clockMs;
  }

  private provider(clockMs: number) {
    const at = this.priceMs(clockMs);
    return new SimulatedProvider(this.sim, () => at);
  }

  /** Listed (has a bar) on or before the clock's day: a replay does not know later listings. */
  listedBy(symbol: string, clockMs: number): boolean {
    const s = this.sim.dailySeries(symbol, false);
    return Boolean(s && s.days.length && s.days[0]! <= istDayNumber(clockMs));
  }

  quote(symbol: string, clockMs: number): Quote {
    if (!this.listedBy(symbol, clockMs)) throw new MarketDataError('Stock not found', 'not-found');
    const quote = this.provider(clockMs).quoteAt(symbol, this.priceMs(clockMs));
    return { ...quote, marketHalt: this.breaker.at(clockMs)?.quoteHalt ?? null };
  }

  history(symbol: string, period: Period, clockMs: number) {
    if (!this.listedBy(symbol, clockMs)) throw new MarketDataError('Stock not found', 'not-found');
    const raw = this.provider(clockMs).historyAt(symbol, period, this.priceMs(clockMs));
    const data = this.breaker.withoutHaltedBars(raw, period);
    return {
      symbol,
      period,
      interval: PERIOD_INTERVAL[period],
      data,
      latest: data.at(-1) ?? null,
      marketOpen: isMarketOpen('nse', clockMs) && !this.breaker.at(clockMs),
    };
  }

  movers(type: 'gainers' | 'losers' | 'active', limit: number, clockMs: number): Quote[] {
    const halt = this.breaker.at(clockMs)?.quoteHalt ?? null;
    return this.provider(clockMs)
      .moversAt(type, limit, this.priceMs(clockMs), (s) => this.listedBy(s, clockMs))
      .map((q) => ({ ...q, marketHalt: halt }));
  }

  indices(clockMs: number): Quote[] {
    return this.sim.instruments
      .filter((i) => i.type === 'INDEX' && this.listedBy(i.symbol, clockMs))
      .map((i) => this.quote(i.symbol, clockMs));
  }

  async search(query: string, limit: number, clockMs: number): Promise<SearchResult[]> {
    const results = await new SimulatedProvider(this.sim, () => clockMs).search(query, 100);
    return results.filter((r) => this.listedBy(r.symbol, clockMs)).slice(0, limit);
  }

  /**
   * The first tick in (fromMs, toMs] of `symbol` passing `test` against `levelPaise`, skipping the
   * minutes a market-wide halt stopped (nothing traded there): how a replay's resting orders fill.
   */
  firstTickPast(
    symbol: string,
    fromMs: number,
    toMs: number,
    test: TickTest,
    levelPaise: number,
  ): PathTick | undefined {
    for (const [from, to] of this.breaker.tradingSpans(fromMs, toMs)) {
      const tick = this.sim.firstTickPast(symbol, from, to, test, levelPaise);
      if (tick) return tick;
    }
    return undefined;
  }
}
