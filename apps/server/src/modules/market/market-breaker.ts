import {
  BREAKER_INDICES,
  DAY_MS,
  IST_OFFSET_MS,
  breakerHalts,
  dayNumberToDate,
  haltAt,
  istDayNumber,
  marketHaltMessage,
  recordedHalts,
  sessionBounds,
  type BreakerHalt,
  type Candle,
  type MarketHalt,
  type Period,
  type SessionMode,
} from '@nivesh/shared';

/**
 * What the breaker reads of the offline market (the simulator answers it): its session clock,
 * the indices' daily closes and their minute paths. The breaker does not import the simulator.
 */
export interface IndexPathSource {
  readonly session: SessionMode;
  dailySeries(
    symbol: string,
    withHighLow?: boolean,
  ): { readonly days: readonly number[]; readonly close: readonly number[] } | undefined;
  barIndex(symbol: string, day: number, orBefore?: boolean): number;
  dayPath(
    symbol: string,
    day: number,
  ): { n: number; high: ArrayLike<number>; low: ArrayLike<number> } | undefined;
}

/** The UNIX ms of an IST minute of a day. */
export const istMinuteMs = (day: number, minute: number) => day * DAY_MS - IST_OFFSET_MS + minute * 60_000;

export interface HaltNow {
  halt: BreakerHalt;
  phase: 'halt' | 'pre-open';
  day: number;
  /** The instant trading stopped: prices hold there until the reopen. */
  haltedAtMs: number;
  quoteHalt: MarketHalt;
}

/**
 * The market-wide circuit breaker over a simulator's index paths: a day's halts come from the
 * minutes at which the NIFTY 50 or the SENSEX first stands 10/15/20% from its previous close (the
 * halt starts at the end of that minute, so nothing before the crossing is stopped), or from a
 * recorded real trip. The scan is causal: a halt is known only from its own minute on.
 */
export class MarketBreaker {
  private readonly days = new Map<number, BreakerHalt[]>();

  constructor(private readonly sim: IndexPathSource) {}

  haltsOf(day: number): BreakerHalt[] {
    const hit = this.days.get(day);
    if (hit) return hit;
    const moves: { minute: number; index: string; movePercent: number }[] = [];
    // always-open stretches the day over 24 h; its minutes still count in IST.
    const open = Math.round((sessionBounds(this.sim.session, day).openMs - istMinuteMs(day, 0)) / 60_000);
    for (const index of BREAKER_INDICES) {
      const s = this.sim.dailySeries(index, false);
      const k = this.sim.barIndex(index, day);
      if (!s || k < 1 || s.days[k] !== day) continue;
      const previousClose = s.close[k - 1]!;
      const path = this.sim.dayPath(index, day);
      if (!path) continue;
      for (let m = 0; m < path.n; m += 1) {
        const down = (path.low[m]! / previousClose - 1) * 100;
        const up = (path.high[m]! / previousClose - 1) * 100;
        moves.push({ minute: open + m + 1, index, movePercent: Math.abs(down) > Math.abs(up) ? down : up });
      }
    }
    const halts = breakerHalts(moves, recordedHalts(dayNumberToDate(day)), dayNumberToDate(day));
    this.days.set(day, halts);
    if (this.days.size > 64) this.days.delete(this.days.keys().next().value!);
    return halts;
  }

  /** The halt holding the market at `ms`, if any. */
  at(ms: number): HaltNow | undefined {
    const day = istDayNumber(ms);
    const { openMs, closeMs } = sessionBounds(this.sim.session, day);
    if (ms < openMs || ms >= closeMs) return undefined;
    const minute = Math.floor((ms - istMinuteMs(day, 0)) / 60_000);
    const found = haltAt(this.haltsOf(day), minute);
    if (!found) return undefined;
    const { halt, phase } = found;
    const iso = (minute: number | null) =>
      minute === null ? null : new Date(istMinuteMs(day, minute)).toISOString();
    return {
      halt,
      phase,
      day,
      haltedAtMs: istMinuteMs(day, halt.haltedAt),
      quoteHalt: {
        phase,
        level: halt.level,
        index: halt.index,
        haltedAt: iso(halt.haltedAt)!,
        preOpenFrom: iso(halt.preOpenFrom),
        reopensAt: iso(halt.reopensAt),
        message: marketHaltMessage(halt, phase),
      },
    };
  }

  /** The halt windows of a day as UNIX ms [from, to) (to: the session close for the rest of the day). */
  windows(day: number): { fromMs: number; toMs: number }[] {
    const { closeMs } = sessionBounds(this.sim.session, day);
    return this.haltsOf(day).map((h) => ({
      fromMs: istMinuteMs(day, h.haltedAt),
      toMs: h.reopensAt === null ? closeMs : istMinuteMs(day, h.reopensAt),
    }));
  }

  /** (fromMs, toMs] without the market-wide halts in it, as (from, to] spans in time order. */
  tradingSpans(fromMs: number, toMs: number): [number, number][] {
    if (toMs <= fromMs) return [[fromMs, toMs]];
    const spans: [number, number][] = [];
    let from = fromMs;
    for (let day = istDayNumber(fromMs); day <= istDayNumber(toMs); day += 1) {
      for (const w of this.windows(day)) {
        if (w.toMs <= from || w.fromMs > toMs) continue;
        // A tick at w.fromMs itself still traded (the halt starts after it).
        if (w.fromMs > from) spans.push([from, Math.min(w.fromMs, toMs)]);
        from = Math.max(from, w.toMs - 1000);
      }
    }
    if (from < toMs) spans.push([from, toMs]);
    return spans;
  }

  /** Intraday bars that start inside a halt are dropped: nothing traded then. Daily bars stay. */
  withoutHaltedBars(candles: Candle[], period: Period): Candle[] {
    if (period !== '1D' && period !== '5D' && period !== '1M') return candles;
    const byDay = new Map<number, { fromMs: number; toMs: number }[]>();
    return candles.filter((c) => {
      const ms = c.time * 1000;
      const day = istDayNumber(ms);
      let list = byDay.get(day);
      if (!list) byDay.set(day, (list = this.windows(day)));
      return !list.some((w) => ms >= w.fromMs && ms < w.toMs);
    });
  }
}
